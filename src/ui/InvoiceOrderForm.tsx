import { Alert, Anchor, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { invoiceOrderRequestSchema, poNumberLimit } from '@/common/billing-contract'
import { countryCodes, countryName } from '@/common/countries'
import { orderOf, type InvoiceOrderDraft } from '@/common/invoice-order-draft'
import { CompanyFields } from './CompanyFields'
import { DialogActions, ErrorAlert } from './FormDialog'
import { attentionColor } from './theme'

/** Paying by bank transfer against an invoice (issue 49): the purchase page's order and Manage Licenses' added seats. */
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

/** What the form shows: the order's terms, its failure above it or beside the tax ID, and whether it is out. */
export interface InvoiceOrderFormView {
  terms: string
  error: string | null
  taxIdError: string | null
  ordering: boolean
}

export interface InvoiceOrderFormProps {
  view: InvoiceOrderFormView
  onSubmit: (draft: InvoiceOrderDraft) => void
  onClose: () => void
  /** The button that sends it: 'Pay by invoice' for an order, 'Request quote' for a quote. */
  submitLabel?: string
  /** Fields of the caller's own before the company's (a quote's plan and seats). */
  children?: ReactNode
}

/** The company the invoice is made out to, and the PO number it carries; checked by the contract before sending. */
export function InvoiceOrderForm({ view, onSubmit, onClose, submitLabel = 'Pay by invoice', children }: InvoiceOrderFormProps) {
  const form = useForm<InvoiceOrderDraft>({ mode: 'controlled', initialValues: blank, validate: contractErrors })
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values))}>
      <Stack>
        <Text size="sm">{view.terms}</Text>
        <ErrorAlert message={view.error} />
        {children}
        <CompanyFields
          form={form}
          taxIdError={view.taxIdError}
          autoFocus
          country={<NativeSelect label="Country" withAsterisk autoComplete="country" data={countries} {...form.getInputProps('country')} />}
        />
        <TextInput label="PO number" description={`Optional: your purchase order, printed on the invoice (up to ${poNumberLimit} characters)`} {...form.getInputProps('poNumber')} />
        <DialogActions onCancel={onClose} busy={view.ordering}>
          <Button type="submit" loading={view.ordering}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}

/** What an order by invoice left: its invoice, its summary, what the seats can do now. */
export interface InvoiceOrderedView {
  number: string
  pdfUrl: string | null
  summary: string
  seats: string
}

/** What the order left: the seats await payment until the invoice's due date; its PDF, and where to assign them when that is another page. */
export function InvoiceOrdered({ ordered, onClose, children }: { ordered: InvoiceOrderedView; onClose: () => void; children?: ReactNode }) {
  return (
    <Stack>
      <Alert variant="filled" color={attentionColor} autoContrast role="status" title="Awaiting payment">
        {ordered.summary}
      </Alert>
      <Text size="sm">{ordered.seats}</Text>
      {ordered.pdfUrl && (
        <Anchor href={ordered.pdfUrl} target="_blank" rel="noreferrer">
          Download invoice {ordered.number} (PDF)
        </Anchor>
      )}
      {children}
      <DialogActions onCancel={onClose} cancelLabel="Done" />
    </Stack>
  )
}
