import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

interface LicenseCardProps {
  title: string
  owner: string
  expires: string
  expiresInWords: string | null
  actions: ReactNode
}

/** One license: plan, a green 'Active', the owner, when it expires, and its actions. */
export function LicenseCard({ title, owner, expires, expiresInWords, actions }: LicenseCardProps) {
  return (
    <Card component="article" withBorder padding="lg" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Badge color="green.9">
          Active
        </Badge>
      </Group>
      <Stack gap={2} mt="sm">
        <Text size="sm" className="typed-text">
          {owner}
        </Text>
        <Text size="sm">{expires}</Text>
        {expiresInWords && (
          <Text size="sm" fw={600} c="orange.9">
            {expiresInWords}
          </Text>
        )}
      </Stack>
      <Group mt="md" gap="sm">
        {actions}
      </Group>
    </Card>
  )
}
