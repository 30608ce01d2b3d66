import type { ReactNode } from 'react'
import { AppShell, Burger, Group } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Link } from '@tanstack/react-router'
import type { AccountNavItem } from '../account-nav.select'
import { AccountNav } from './AccountNav'
import { UserMenu } from './UserMenu'
import { PrismLogo } from '@/src/ui/PrismLogo'
import { ErrorAlert } from '@/src/ui/FormDialog'

interface AccountLayoutProps {
  navItems: AccountNavItem[]
  userName: string
  userImage?: string | null
  billingOpening: boolean
  billingError: string | null
  onOpenBilling: () => void
  onDismissBillingError: () => void
  onLogout: () => void
  children: ReactNode
}

/** The account area: header with the user menu, the sidebar (a menu on narrow screens), the page. */
export function AccountLayout(props: AccountLayoutProps) {
  const [navOpened, nav] = useDisclosure(false)
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={navOpened ? 'Close account menu' : 'Open account menu'} aria-expanded={navOpened} />
            <Link to="/" aria-label="Prism home" style={{ color: 'inherit', textDecoration: 'none' }}>
              <PrismLogo />
            </Link>
          </Group>
          <UserMenu name={props.userName} image={props.userImage} onLogout={props.onLogout} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AccountNav items={props.navItems} billingOpening={props.billingOpening} onOpenBilling={props.onOpenBilling} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <ErrorAlert title="Billing portal" message={props.billingError} onDismiss={props.onDismissBillingError} mb="md" />
        {props.children}
      </AppShell.Main>
    </AppShell>
  )
}
