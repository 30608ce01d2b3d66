import { createContext, useContext, type ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { billingPortalMachine } from '@/machines/billing-portal.machine'
import type { sessionMachine } from '@/machines/session.machine'
import type { AccountsApi } from '../api/accounts-api'
import type { AuthService } from '../auth/auth-service'

/** What every page of the account area works with: sign-in, the API, the session, and Billing. */
export interface AccountServices {
  auth: AuthService
  api: AccountsApi
  session: ActorRefFrom<typeof sessionMachine>
  /** The sidebar's Billing: a page that sends the user to Billing opens it the same way, with the same error. */
  billing: ActorRefFrom<typeof billingPortalMachine>
}

const AccountServicesContext = createContext<AccountServices | null>(null)

export function AccountServicesProvider({ value, children }: { value: AccountServices; children: ReactNode }) {
  return <AccountServicesContext.Provider value={value}>{children}</AccountServicesContext.Provider>
}

export function useAccountServices(): AccountServices {
  const services = useContext(AccountServicesContext)
  if (!services) throw new Error('useAccountServices is used outside the account area')
  return services
}
