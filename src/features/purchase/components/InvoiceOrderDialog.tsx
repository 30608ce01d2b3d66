import { Anchor } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { FormDialog } from '@/src/ui/FormDialog'
import { InvoiceOrdered, InvoiceOrderForm, invoiceOrderTitle, type InvoiceOrderFormProps } from '@/src/ui/InvoiceOrderForm'
import type { selectInvoiceOrder } from '../invoice-order.select'

type InvoiceOrderView = ReturnType<typeof selectInvoiceOrder>

export { invoiceOrderTitle }

/** The purchase page's order by invoice: the form (mounted per opening, so it starts blank and keeps its values through a failure), then the invoice awaiting payment. */
export function InvoiceOrderDialog({ view, onSubmit, onClose }: Omit<InvoiceOrderFormProps, 'view'> & { view: InvoiceOrderView }) {
  return (
    <FormDialog opened={view.opened} onClose={view.ordering ? () => {} : onClose} title={invoiceOrderTitle} size="lg">
      {view.ordered ? (
        <InvoiceOrdered ordered={view.ordered} onClose={onClose}>
          <Anchor component={Link} to="/account/licenses">
            Manage Licenses
          </Anchor>
        </InvoiceOrdered>
      ) : (
        view.opened && <InvoiceOrderForm view={view} onSubmit={onSubmit} onClose={onClose} />
      )}
    </FormDialog>
  )
}
