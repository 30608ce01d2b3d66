import { communityEligibility, plans } from '@/common/plans'
import { PricingCard } from './PricingCard'
import { Section } from './Section'

export function PricingSection() {
  return (
    <Section id="pricing" title="Pricing" intro="Annual licenses, per developer. Every plan includes unlimited deployment of the applications you build." alt>
      <div className="card-grid card-grid-3">
        {plans.map((plan) => (
          <PricingCard key={plan.priceId} plan={plan} />
        ))}
      </div>
      <p className="site-text site-text-sm site-dimmed site-center pricing-note">{communityEligibility}</p>
    </Section>
  )
}
