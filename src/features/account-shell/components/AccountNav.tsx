import { Loader, NavLink, Stack } from '@mantine/core'
import { IconCreditCard, IconExternalLink, IconFileInvoice, IconId, IconKey, IconLicense, IconUsers, IconUsersGroup } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { AccountNavItem } from '../account-nav.select'

const icons = {
  'My Licenses': IconLicense,
  Profile: IconId,
  'Manage Licenses': IconUsers,
  'Feed tokens': IconKey,
  Billing: IconCreditCard,
  'Invoices and company': IconFileInvoice,
  Members: IconUsersGroup,
} as const

interface AccountNavProps {
  items: AccountNavItem[]
  billingOpening: boolean
  onOpenBilling: () => void
  onNavigate: () => void
}

/** The sidebar: pages of the account area, and Billing, which leaves for the customer portal. */
export function AccountNav({ items, billingOpening, onOpenBilling, onNavigate }: AccountNavProps) {
  return (
    <Stack component="nav" aria-label="Account" gap={4}>
      {items.map((item) => {
        const Icon = icons[item.label]
        if (item.kind === 'billing') {
          return (
            <NavLink
              key={item.label}
              component="button"
              label="Billing"
              description="Opens the billing portal"
              leftSection={<Icon size={18} aria-hidden="true" />}
              rightSection={billingOpening ? <Loader size={14} aria-label="Opening the billing portal" /> : <IconExternalLink size={14} aria-hidden="true" />}
              // Not `disabled`: its faded text would be unreadable. The machine ignores a second click.
              aria-disabled={billingOpening || undefined}
              onClick={onOpenBilling}
            />
          )
        }
        return <NavLink key={item.label} component={Link} to={item.to} activeOptions={{ exact: true }} label={item.label} leftSection={<Icon size={18} aria-hidden="true" />} onClick={onNavigate} />
      })}
    </Stack>
  )
}
