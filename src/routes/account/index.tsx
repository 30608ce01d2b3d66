import { createFileRoute } from '@tanstack/react-router'
import { MyLicensesPage } from '@/src/features/my-licenses/components/MyLicensesPage'

export const Route = createFileRoute('/account/')({
  head: () => ({ meta: [{ title: 'My Licenses – Prism' }] }),
  component: MyLicensesPage,
})
