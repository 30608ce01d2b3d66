import { Button, NumberInput, Stack, Text } from '@mantine/core'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'

interface PurchaseDialogProps {
  opened: boolean
  planName: string
  seats: number
  pricePerSeat: string
  total: string
  redirecting: boolean
  error: string | null
  onSeatsChange: (seats: number) => void
  onCheckout: () => void
  onClose: () => void
}

/** Buy Additional Licenses: how many (at least 1, no maximum), the price, then the hosted checkout. */
export function PurchaseDialog(props: PurchaseDialogProps) {
  return (
    <FormDialog opened={props.opened} onClose={props.onClose} title="Buy Additional Licenses">
      <Stack>
        <ErrorAlert message={props.error} />
        <NumberInput
          label="Additional licenses"
          min={1}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={props.seats}
          onChange={(value) => props.onSeatsChange(typeof value === 'number' ? value : Number(value))}
          data-autofocus
        />
        <Text>
          {props.planName}: {props.pricePerSeat} per license, billed annually
        </Text>
        <Text fz="lg">
          Total: <strong>{props.total}</strong> per year
        </Text>
        <DialogActions onCancel={props.onClose} busy={props.redirecting}>
          <Button loading={props.redirecting} onClick={props.onCheckout}>
            Continue to checkout
          </Button>
        </DialogActions>
      </Stack>
    </FormDialog>
  )
}
