import { Button, Group, NativeSelect, NumberInput, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { invoiceDaysToPay } from '@/common/billing-contract'
import type { InvoiceOrderDraft } from '@/common/invoice-order-draft'
import type { PriceId } from '@/common/plans'
import { quotesMachine } from '@/machines/quotes.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { useAppActorRef } from '@/src/ui/app-actors'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'
import { InvoiceOrdered, InvoiceOrderForm } from '@/src/ui/InvoiceOrderForm'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { saveBlobFile } from '@/src/ui/save-file'
import { quotesActors } from '../quotes.actors'
import { quotedSeats, selectQuotes, type QuoteRow, type QuotesView } from '../quotes.select'

/** The plans a quote can be asked for: the paid ones. */
const quotedPlans: { value: PriceId; label: string }[] = [
  { value: 'commercial', label: 'Commercial' },
  { value: 'commercial-plus', label: 'Commercial Plus' },
]

/** Quotes on Invoices and company (issue 49): the account's quotes with their PDFs, a new one asked for, an open one accepted. */
export function QuotesSection({ savePdf = (pdf, number) => saveBlobFile(pdf, `quote-${number}.pdf`) }: { savePdf?: (pdf: Blob, number: string) => void }) {
  const { api, session } = useAccountServices()
  const quotes = useAppActorRef(quotesMachine.provide({ actors: quotesActors(api), actions: { savePdf: (_, params) => savePdf(params.pdf, params.quote.number) } }), { input: { session } })
  const view = useSelector(quotes, selectQuotes)
  const close = () => quotes.send({ type: 'dialog.close' })

  return (
    <section aria-labelledby="quotes-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="quotes-heading" size="h3">
          Quotes
        </Title>
        {view.shown && <Button onClick={() => quotes.send({ type: 'request.open' })}>Request a quote</Button>}
      </Group>
      {view.loading && (
        <Text role="status" aria-busy="true" c="dimmed">
          Loading your quotes…
        </Text>
      )}
      {view.loadError && <LoadFailed title="Your quotes could not be loaded" message={view.loadError} onRetry={() => quotes.send({ type: 'quotes.reload' })} />}
      {view.shown && (
        <Stack>
          {view.notice && <Text role="status">{view.notice}</Text>}
          <ErrorAlert title="The quote's PDF could not be downloaded" message={view.listError} />
          {view.rows.length === 0 ? (
            <Text c="dimmed">No quotes yet.</Text>
          ) : (
            <QuoteTable rows={view.rows} onDownload={(quote) => quotes.send({ type: 'pdf.download', quote })} onAccept={(quote) => quotes.send({ type: 'accept.request', quote })} />
          )}
        </Stack>
      )}
      <RequestQuoteDialog view={view.request} onSubmit={(request) => quotes.send({ type: 'request.submit', ...request })} onClose={close} />
      <AcceptQuoteDialog view={view.accept} onConfirm={() => quotes.send({ type: 'accept.confirm' })} onClose={close} />
    </section>
  )
}

/** The list's columns, before the PDF and Accept. */
const columns = ['Number', 'For', 'Total', 'PO number', 'Valid until', 'Status', 'PDF']

function QuoteTable({ rows, onDownload, onAccept }: { rows: QuoteRow[]; onDownload: (quote: QuoteRow['quote']) => void; onAccept: (quote: QuoteRow['quote']) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-labelledby="quotes-heading">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th scope="col" key={column}>
                {column}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>Accept</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {[row.number, row.seats, row.total, row.poNumber, row.validUntil, row.status].map((text, index) => (
                <Table.Td key={columns[index]}>{text}</Table.Td>
              ))}
              <Table.Td>
                {/* Outlined: the subtle variant's hover tint left its label below AA contrast on a striped row (axe, the pointer still on it after a download). */}
                <Button variant="outline" size="compact-sm" loading={row.downloading} aria-label={`Download quote ${row.number} (PDF)`} onClick={() => onDownload(row.quote)}>
                  Download
                </Button>
              </Table.Td>
              <Table.Td>
                {/* Outlined too: the light variant's tinted label fell below AA contrast seen through the Accept dialog's overlay (axe). */}
                {row.acceptable && (
                  <Button variant="outline" size="compact-sm" aria-label={`Accept quote ${row.number}`} onClick={() => onAccept(row.quote)}>
                    Accept
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

interface RequestQuoteDialogProps {
  view: QuotesView['request']
  onSubmit: (request: { priceId: PriceId; quantity: number; draft: InvoiceOrderDraft }) => void
  onClose: () => void
}

/** 'Request quote': the plan and seats, the company the quote is made out to, and the PO number (mounted per opening, so it starts blank). */
function RequestQuoteDialog({ view, onSubmit, onClose }: RequestQuoteDialogProps) {
  return (
    <FormDialog opened={view.opened} onClose={view.view.ordering ? () => {} : onClose} title="Request a quote" size="lg">
      {view.opened && <RequestQuoteForm view={view} onSubmit={onSubmit} onClose={onClose} />}
    </FormDialog>
  )
}

function RequestQuoteForm({ view, onSubmit, onClose }: RequestQuoteDialogProps) {
  const [priceId, setPriceId] = useState<PriceId>('commercial')
  const [quantity, setQuantity] = useState(1)
  return (
    <InvoiceOrderForm view={view.view} submitLabel="Request quote" onSubmit={(draft) => onSubmit({ priceId, quantity, draft })} onClose={onClose}>
      <Group grow>
        <NativeSelect label="Plan" data={quotedPlans} value={priceId} onChange={(event) => setPriceId(event.currentTarget.value as PriceId)} />
        <NumberInput label="Licenses" min={1} allowDecimal={false} allowNegative={false} clampBehavior="strict" value={quantity} onChange={(value) => setQuantity(Math.max(1, Number(value) || 1))} />
      </Group>
    </InvoiceOrderForm>
  )
}

interface AcceptQuoteDialogProps {
  view: QuotesView['accept']
  onConfirm: () => void
  onClose: () => void
}

/** 'Accept quote': what accepting starts, then the invoice awaiting payment; a refusal (expired, accepted already) in words above the button. */
function AcceptQuoteDialog({ view, onConfirm, onClose }: AcceptQuoteDialogProps) {
  const quote = view.quote
  return (
    <FormDialog opened={view.opened} onClose={view.sending ? () => {} : onClose} title="Accept quote">
      {view.accepted ? (
        <InvoiceOrdered ordered={view.accepted} onClose={onClose} />
      ) : (
        quote && (
          <Stack>
            <Text size="sm">{`Accepting quote ${quote.number} starts ${quotedSeats(quote)}, invoiced now and payable by bank transfer within ${invoiceDaysToPay} days.`}</Text>
            <ErrorAlert message={view.error} />
            <DialogActions onCancel={onClose} busy={view.sending}>
              <Button loading={view.sending} onClick={onConfirm}>
                Accept quote
              </Button>
            </DialogActions>
          </Stack>
        )
      )}
    </FormDialog>
  )
}
