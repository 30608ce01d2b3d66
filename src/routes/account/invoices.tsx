import { createFileRoute } from '@tanstack/react-router'
import { InvoicesPage } from '@/src/features/invoices/components/InvoicesPage'

export const Route = createFileRoute('/account/invoices')({
  head: () => ({ meta: [{ title: 'Invoices and company – Prism' }] }),
  component: InvoicesPage,
})
