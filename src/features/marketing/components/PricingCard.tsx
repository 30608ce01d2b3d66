import { Badge, Card, List } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { purchaseHref, type Plan } from '@/common/plans'
import { siteButton } from '@/src/ui/site-button'

export function PricingCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.priceId}`
  return (
    <Card component="article" aria-labelledby={titleId} withBorder shadow={plan.bestValue ? 'md' : 'xs'} padding="xl" className={plan.bestValue ? 'plan plan-best' : 'plan'}>
      <div className="site-row plan-head">
        <h3 id={titleId} className="site-title site-title-3">
          {plan.name}
        </h3>
        {plan.bestValue && <Badge variant="filled">Best value</Badge>}
      </div>
      <p className="plan-price">{plan.priceDisplay}</p>
      <p className="site-text site-text-sm site-dimmed plan-period">per developer, billed annually</p>
      <p className="site-text plan-description">{plan.description}</p>
      <List
        className="plan-features"
        spacing="xs"
        size="sm"
        center
        icon={
          <span className="site-icon site-icon-light plan-check" aria-hidden="true">
            <IconCheck size={14} />
          </span>
        }
      >
        {plan.features.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      <a href={purchaseHref(plan)} {...siteButton({ fullWidth: true, variant: plan.bestValue ? 'filled' : 'outline' })}>
        {plan.actionText}
      </a>
    </Card>
  )
}
