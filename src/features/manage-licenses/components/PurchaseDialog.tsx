import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core'

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
    <Modal withinPortal={false} closeButtonProps={{ 'aria-label': 'Close' }} opened={props.opened} onClose={props.onClose} title="Buy Additional Licenses">
      <Stack>
        {props.error && (
          <Alert color="red" role="alert">
            {props.error}
          </Alert>
        )}
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
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={props.redirecting}>
            Cancel
          </Button>
          <Button loading={props.redirecting} onClick={props.onCheckout}>
            Continue to checkout
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
