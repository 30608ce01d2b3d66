import { Button, Group, Stack, Text } from '@mantine/core'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadPaymentProvider } from '@/src/payments/stripe'
import type { PaymentForm } from '../upgrade.actors'

interface PaymentStepProps {
  clientSecret: string
  submitting: boolean
  canSubmit: boolean
  canBack: boolean
  onSubmit: (form: PaymentForm) => void
  onBack: () => void
}

/** The payment step: Stripe's Payment Element for a SetupIntent (loaded only when this step shows). */
export default function PaymentStep(props: PaymentStepProps) {
  return (
    <Elements stripe={loadPaymentProvider()} options={{ clientSecret: props.clientSecret }}>
      <PaymentForm {...props} />
    </Elements>
  )
}

function PaymentForm({ submitting, canSubmit, canBack, onSubmit, onBack }: PaymentStepProps) {
  const stripe = useStripe()
  const elements = useElements()
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit({ stripe, elements })
      }}
    >
      <Stack>
        <Text size="sm">There is no payment method on file. Add a card to pay for the upgrade; it becomes your default payment method.</Text>
        <PaymentElement />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={!canBack || submitting}>
            Back
          </Button>
          <Button type="submit" loading={submitting} disabled={!canSubmit && !submitting}>
            Save payment method
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
