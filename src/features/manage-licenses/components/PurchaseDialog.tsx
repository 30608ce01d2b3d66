import { Button, NumberInput, Stack, Text } from '@mantine/core'
import type { InvoiceOrderDraft } from '@/common/invoice-order-draft'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'
import { InvoiceOrdered, InvoiceOrderForm, invoiceOrderTitle, type InvoiceOrderedView, type InvoiceOrderFormView } from '@/src/ui/InvoiceOrderForm'

interface PurchaseDialogProps {
  opened: boolean
  planName: string
  seats: number
  pricePerSeat: string
  total: string
  redirecting: boolean
  error: string | null
  /** Paying for the added seats by invoice (issue 49): its form, then the invoice sent; null while the seats are chosen. */
  invoice: { form: InvoiceOrderFormView; ordered: InvoiceOrderedView | null } | null
  onSeatsChange: (seats: number) => void
  onCheckout: () => void
  onPayByInvoice: () => void
  onInvoiceSubmit: (draft: InvoiceOrderDraft) => void
  onClose: () => void
}

/** The seats (at least 1, no maximum) and the price, then the hosted checkout or an invoice. */
function SeatsStep(props: PurchaseDialogProps) {
  return (
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
        <Button variant="default" disabled={props.redirecting} onClick={props.onPayByInvoice}>
          {invoiceOrderTitle}
        </Button>
        <Button loading={props.redirecting} onClick={props.onCheckout}>
          Continue to checkout
        </Button>
      </DialogActions>
    </Stack>
  )
}

/** Buy Additional Licenses: the seats and price, then the hosted checkout, or the company's details and PO number for an invoice. */
export function PurchaseDialog(props: PurchaseDialogProps) {
  const { invoice } = props
  return (
    <FormDialog opened={props.opened} onClose={invoice?.form.ordering ? () => {} : props.onClose} title="Buy Additional Licenses" size={invoice ? 'lg' : undefined}>
      {!invoice ? (
        <SeatsStep {...props} />
      ) : invoice.ordered ? (
        <InvoiceOrdered ordered={invoice.ordered} onClose={props.onClose} />
      ) : (
        <InvoiceOrderForm view={invoice.form} onSubmit={props.onInvoiceSubmit} onClose={props.onClose} />
      )}
    </FormDialog>
  )
}
