import { Alert, Anchor, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { invoiceOrderRequestSchema, poNumberLimit } from '@/common/billing-contract'
import { countryCodes, countryName } from '@/common/countries'
import { orderOf, type InvoiceOrderDraft } from '@/common/invoice-order-draft'
import { CompanyFields } from '@/src/ui/CompanyFields'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'
import type { selectInvoiceOrder } from '../invoice-order.select'

type InvoiceOrderView = ReturnType<typeof selectInvoiceOrder>

export const invoiceOrderTitle = 'Pay by bank transfer (invoice)'
const blank: InvoiceOrderDraft = { legalName: '', line1: '', line2: '', city: '', postalCode: '', state: '', country: '', taxIdType: '', taxIdValue: '', poNumber: '' }
/** The countries by name, in the reader's order. */
const countries = [{ value: '', label: 'Choose a country' }, ...countryCodes.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label))]

/** Where each of the contract's issues is said: under the field it names. */
const fieldOf: Record<string, keyof InvoiceOrderDraft> = {
  'company.legalName': 'legalName',
  'company.address.line1': 'line1',
  'company.address.line2': 'line2',
  'company.address.city': 'city',
  'company.address.postalCode': 'postalCode',
  'company.address.state': 'state',
  'company.address.country': 'country',
  'company.taxId.type': 'taxIdType',
  'company.taxId.value': 'taxIdValue',
  poNumber: 'poNumber',
}

/** The contract's check of the order the form makes, the first issue of each field. */
function contractErrors(values: InvoiceOrderDraft) {
  const errors: Partial<Record<keyof InvoiceOrderDraft, string>> = {}
  // The plan and seats are the page's, and valid: only the form's own fields are checked here.
  for (const issue of v.safeParse(invoiceOrderRequestSchema, orderOf(values, 'commercial', 1)).issues ?? []) errors[fieldOf[v.getDotPath(issue) ?? ''] ?? 'legalName'] ??= issue.message
  return errors
}

interface OrderFormProps {
  view: InvoiceOrderView
  onSubmit: (draft: InvoiceOrderDraft) => void
  onClose: () => void
}

/** The company the invoice is made out to, and the PO number it carries; checked by the contract before sending. */
function OrderForm({ view, onSubmit, onClose }: OrderFormProps) {
  const form = useForm<InvoiceOrderDraft>({ mode: 'controlled', initialValues: blank, validate: contractErrors })
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values))}>
      <Stack>
        <Text size="sm">{view.terms}</Text>
        <ErrorAlert message={view.error} />
        <CompanyFields
          form={form}
          taxIdError={view.taxIdError}
          autoFocus
          country={<NativeSelect label="Country" withAsterisk autoComplete="country" data={countries} {...form.getInputProps('country')} />}
        />
        <TextInput label="PO number" description={`Optional: your purchase order, printed on the invoice (up to ${poNumberLimit} characters)`} {...form.getInputProps('poNumber')} />
        <DialogActions onCancel={onClose} busy={view.ordering}>
          <Button type="submit" loading={view.ordering}>
            Pay by invoice
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}

/** What the order left: the seats await payment until the invoice's due date; its PDF and where to assign them. */
function Ordered({ ordered, onClose }: { ordered: NonNullable<InvoiceOrderView['ordered']>; onClose: () => void }) {
  return (
    <Stack>
      <Alert color="yellow.9" role="status" title="Awaiting payment">
        {ordered.summary}
      </Alert>
      <Text size="sm">{ordered.seats}</Text>
      {ordered.pdfUrl && (
        <Anchor href={ordered.pdfUrl} target="_blank" rel="noreferrer">
          Download invoice {ordered.number} (PDF)
        </Anchor>
      )}
      <Anchor component={Link} to="/account/licenses">
        Manage Licenses
      </Anchor>
      <DialogActions onCancel={onClose} cancelLabel="Done" />
    </Stack>
  )
}

/** The purchase page's order by invoice: the form (mounted per opening, so it starts blank and keeps its values through a failure), then the invoice awaiting payment. */
export function InvoiceOrderDialog({ view, onSubmit, onClose }: OrderFormProps) {
  return (
    <FormDialog opened={view.opened} onClose={view.ordering ? () => {} : onClose} title={invoiceOrderTitle} size="lg">
      {view.ordered ? <Ordered ordered={view.ordered} onClose={onClose} /> : view.opened && <OrderForm view={view} onSubmit={onSubmit} onClose={onClose} />}
    </FormDialog>
  )
}
