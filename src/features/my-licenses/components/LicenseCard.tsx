import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { StatusBadge } from '../my-licenses.select'
import { endsSoonColor } from '@/src/ui/theme'

interface LicenseCardProps {
  title: string
  badge: StatusBadge
  owner: string
  expires: string
  expiresInWords: string | null
  /** What an ended seat still opens in the package feed. */
  coverage: string | null
  /** The next period's invoice, sent ahead of the renewal and still open. */
  renewalInvoice: string | null
  actions: ReactNode
}

/** One license: plan, its status badge, the owner, when it expires (or cancels, or expired), what an ended one still covers, its renewal's invoice, and its actions. */
export function LicenseCard({ title, badge, owner, expires, expiresInWords, coverage, renewalInvoice, actions }: LicenseCardProps) {
  return (
    <Card component="article" withBorder padding="lg" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Badge color={badge.color} autoContrast>
          {badge.label}
        </Badge>
      </Group>
      <Stack gap={2} mt="sm">
        <Text size="sm" className="typed-text">
          {owner}
        </Text>
        <Text size="sm">{expires}</Text>
        {coverage && <Text size="sm">{coverage}</Text>}
        {renewalInvoice && <Text size="sm">{renewalInvoice}</Text>}
        {expiresInWords && (
          <Text size="sm" fw={600} c={endsSoonColor}>
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
