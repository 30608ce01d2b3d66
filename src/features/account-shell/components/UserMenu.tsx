import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react'

interface UserMenuProps {
  name: string
  image?: string | null
  onLogout: () => void
}

/** The signed-in person: avatar (or a default icon) and name, with Logout. */
export function UserMenu({ name, image, onLogout }: UserMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={image || null} alt="" radius="xl" size={32}>
              <IconUser size={18} aria-hidden="true" />
            </Avatar>
            <Text fw={500} size="sm" visibleFrom="xs" truncate maw={220}>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
