import { fromRequest } from '../../api/request-actor'
import type { SignInIdentity } from '../../../machines/session.machine'
import type { AccountsApi } from '../../api/accounts-api'

/** The session's and the billing portal's I/O over the accounts API. */
export function accountShellActors(api: AccountsApi) {
  return {
    loadAccount: fromRequest(({ input, signal }: { input: SignInIdentity; signal: AbortSignal }) => api.login(input, signal)),
    createPortalSession: fromRequest(({ input, signal }: { input: { returnUrl: string }; signal: AbortSignal }) => api.createPortalSession(input.returnUrl, signal)),
  }
}
