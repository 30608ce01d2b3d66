import { Badge, Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { purchaseHref, type Plan } from '../../../content/plans'
import { siteButton } from '../../../ui/site-button'

export function PricingCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.priceId}`
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      shadow={plan.bestValue ? 'md' : 'xs'}
      padding="xl"
      style={plan.bestValue ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" align="center">
        <Title id={titleId} order={3}>
          {plan.name}
        </Title>
        {plan.bestValue && <Badge variant="filled">Best value</Badge>}
      </Group>
      <Text fz={40} fw={800} mt="md" lh={1}>
        {plan.priceDisplay}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        per developer, billed annually
      </Text>
      <Text mt="md">{plan.description}</Text>
      <List
        mt="md"
        spacing="xs"
        size="sm"
        center
        icon={
          <ThemeIcon size={20} radius="xl" variant="light" aria-hidden="true">
            <IconCheck size={14} />
          </ThemeIcon>
        }
        style={{ flexGrow: 1 }}
      >
        {plan.features.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      <a href={purchaseHref(plan)} style={{ marginTop: 'var(--mantine-spacing-xl)' }} {...siteButton({ fullWidth: true, variant: plan.bestValue ? 'filled' : 'outline' })}>
        {plan.actionText}
      </a>
    </Card>
  )
}
