import { Button, Card, SimpleGrid, Text } from '@mantine/core'
import type { Stats } from '@/common/contract'

interface StatTilesProps {
  stats: Stats
  /** The plan Commercial may move to from its tile ('Upgrade to Commercial Plus'). */
  upgradeLabel: string | null
  canUpgrade: boolean
  onUpgrade: () => void
}

function Tile({ label, value, children }: { label: string; value: string | number; children?: React.ReactNode }) {
  const id = `stat-${label.toLowerCase()}`
  return (
    <Card withBorder padding="lg" role="group" aria-labelledby={id}>
      <Text id={id} size="sm" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={28} fw={700} mt={4}>
        {value}
      </Text>
      {children}
    </Card>
  )
}

/** The four tiles of spec section 2: subscription, purchased, assigned, available. */
export function StatTiles({ stats, upgradeLabel, canUpgrade, onUpgrade }: StatTilesProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Tile label="Subscription" value={stats.subscription ?? 'None'}>
        {upgradeLabel && (
          <Button size="xs" variant="light" mt="xs" h="auto" py={6} styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }} disabled={!canUpgrade} onClick={onUpgrade}>
            {upgradeLabel}
          </Button>
        )}
      </Tile>
      <Tile label="Purchased" value={stats.purchased} />
      <Tile label="Assigned" value={stats.assigned} />
      <Tile label="Available" value={stats.available} />
    </SimpleGrid>
  )
}
