import type { UpgradeHeld } from './upgrade.oracle'
import type { StateView, ViewTable } from '@/testkit/views/view-table'

/** The plans a Community owner may move to (spec section 4), at their prices per seat (section 3). */
const plans = {
  commercial: { name: 'Commercial', price: 299 },
  'commercial-plus': { name: 'Commercial Plus', price: 499 },
} as const

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}.00`

/** The choice the oracle says the wizard holds, as it must show it: the plan, the seats, total = price x seats (spec section 9). */
function choice({ priceId, seats, card, error }: UpgradeHeld) {
  const plan = plans[priceId as keyof typeof plans]
  return { plan: plan.name, seats, total: dollars(plan.price * seats), card: card ? `Visa ending in ${card.last4}` : 'Your default payment method', error }
}

const wizard = { dialogs: ['Upgrade Subscription'] } as const

function selectStep(held: UpgradeHeld, continuing: boolean): StateView {
  const { total, error } = choice(held)
  return {
    ...wizard,
    shows: ['Choose your plan', 'Commercial — $299.00 per license', 'Commercial Plus — $499.00 per license', total],
    // Continue shows progress while the payment method is looked up.
    ...(continuing ? { enabled: ['Cancel'], disabled: ['Continue'], busy: ['Continue'] } : { enabled: ['Cancel', 'Continue'] }),
    alerts: error ? [error] : [],
  }
}

/** The confirm step's summary: the plan, the seats, the total per year and the card charged. */
function summary(held: UpgradeHeld) {
  const { plan, seats, total, card } = choice(held)
  return ['Confirm your upgrade', plan, String(seats), `${total} per year`, card]
}

/** What Stripe's preview of the model says: 83014 cents today, 249500 a year from 2027-09-19. */
const amounts = ['Due today: $830.14', 'Then $2,495.00 per year from September 19, 2027']

/** What the upgrade wizard shows in each state of the upgrade machine, written from spec sections 4, 8 and 9. */
export const upgradeViewTable: ViewTable<UpgradeHeld> = {
  'upgrade.select': (_, held) => selectStep(held, false),
  'upgrade.checkingPaymentMethod': (_, held) => selectStep(held, true),
  'upgrade.payment.preparing': { ...wizard, shows: ['Payment method'], enabled: ['Back'], absent: ['Save payment method', 'Continue'], alerts: [] },
  'upgrade.payment.editing': {
    ...wizard,
    shows: ['Payment method', 'There is no payment method on file. Add a card to pay for the upgrade; it becomes your default payment method.'],
    enabled: ['Back', 'Save payment method'],
    alerts: [],
  },
  'upgrade.payment.submitting': { ...wizard, shows: ['Payment method'], disabled: ['Back', 'Save payment method'], busy: ['Save payment method'], alerts: [] },
  'upgrade.loadingPreview': (_, held) => ({ ...wizard, shows: [...summary(held), 'Loading the amount due today…'], hides: [/^Due today:/], disabled: ['Back', 'Confirm'], alerts: [] }),
  'upgrade.confirm': (_, held) => ({ ...wizard, shows: [...summary(held), ...amounts], hides: ['Loading the amount due today…'], enabled: ['Back', 'Confirm'], alerts: [] }),
  'upgrade.upgrading': (_, held) => ({ ...wizard, shows: [...summary(held), ...amounts], disabled: ['Back', 'Confirm'], busy: ['Confirm'], alerts: [] }),
  'upgrade.success': (_, held) => {
    const { plan, seats } = choice(held)
    return {
      ...wizard,
      shows: ['Upgrade complete', 'Upgrade Successful!', `Your subscription is now ${plan} with ${seats} ${seats === 1 ? 'license' : 'licenses'}.`],
      enabled: ['Refresh Page'],
      absent: ['Try Again', 'Confirm', 'Back'],
      alerts: [],
    }
  },
  // The wizard ended: the dialog is gone.
  'upgrade.closed': { dialogs: [] },
  'upgrade.failure': (_, held) => ({
    ...wizard,
    shows: ['Upgrade failed'],
    enabled: ['Try Again', 'Refresh Page'],
    absent: ['Confirm', 'Back'],
    alerts: [`The upgrade did not go through${held.error}`],
  }),
}
