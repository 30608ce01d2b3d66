import { Group, Text } from '@mantine/core'

/** The Prism mark and name. */
export function PrismLogo() {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <path d="M16 2 30 28H2Z" fill="var(--mantine-primary-color-filled)" />
        <path d="M16 2 21 28H11Z" fill="var(--mantine-color-body)" opacity="0.35" />
      </svg>
      <Text component="span" fw={800} fz="xl">
        Prism
      </Text>
    </Group>
  )
}
