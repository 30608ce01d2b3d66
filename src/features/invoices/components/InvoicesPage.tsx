import { Anchor, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useSelector } from '@xstate/react'
import { invoicesMachine } from '@/machines/invoices.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { useAppActorRef } from '@/src/ui/app-actors'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { invoicesActors } from '../invoices.actors'
import { selectInvoices, type InvoiceRow } from '../invoices.select'
import { CompanyForm } from './CompanyForm'
import { QuotesSection } from './QuotesSection'

/** Invoices and company (issue 31): the owner's invoices with their PDFs, the quotes asked for (issue 49), and the company details the next invoice carries. */
export function InvoicesPage() {
  const { api } = useAccountServices()
  const papers = useAppActorRef(invoicesMachine.provide({ actors: invoicesActors(api) }))
  const view = useSelector(papers, selectInvoices)

  return (
    <Stack>
      <Title order={1}>Invoices and company</Title>
      {view.loading && (
        <Stack role="status" aria-busy="true" aria-label="Loading your invoices">
          <Skeleton height={120} radius="md" />
          <Skeleton height={240} radius="md" />
        </Stack>
      )}
      {/* The invoices and the details load together: either failing leaves the page without both. */}
      {view.loadError && <LoadFailed title="Your invoices and company details could not be loaded" message={view.loadError} onRetry={() => papers.send({ type: 'papers.reload' })} />}
      {view.shown && (
        <>
          <section aria-labelledby="invoices-heading">
            <Title order={2} id="invoices-heading" size="h3" mb="sm">
              Invoices
            </Title>
            {view.rows.length === 0 ? <Text c="dimmed">No invoices yet.</Text> : <InvoiceTable rows={view.rows} />}
          </section>
          <section aria-labelledby="company-heading">
            <Title order={2} id="company-heading" size="h3" mb="xs">
              Company details
            </Title>
            <Text mb="sm">The legal name, address and tax ID your next invoice is made out to.</Text>
            {view.initialDraft && (
              <CompanyForm
                // Filled afresh from what is saved (Stripe's form of it, e.g. a tax ID without spaces); what is typed stays through a failure.
                key={JSON.stringify(view.initialDraft)}
                initial={view.initialDraft}
                saving={view.saving}
                saved={view.saved}
                error={view.error}
                taxIdError={view.taxIdError}
                onSave={(draft) => papers.send({ type: 'company.save', draft })}
                onDismiss={() => papers.send({ type: 'notice.dismiss' })}
              />
            )}
          </section>
        </>
      )}
      {/* The quotes load on their own: a failure of either part leaves the other. */}
      <QuotesSection />
    </Stack>
  )
}

function InvoiceTable({ rows }: { rows: InvoiceRow[] }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-labelledby="invoices-heading">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Number</Table.Th>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Total</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">PDF</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.number}</Table.Td>
              <Table.Td>{row.date}</Table.Td>
              <Table.Td>{row.total}</Table.Td>
              <Table.Td>{row.status}</Table.Td>
              <Table.Td>
                {row.pdfUrl ? (
                  <Anchor href={row.pdfUrl} target="_blank" rel="noopener noreferrer" aria-label={`Download invoice ${row.number} (PDF)`}>
                    Download
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
