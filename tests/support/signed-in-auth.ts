import { vi } from 'vitest'
import type { Account } from '@/common/contract'
import type { AuthService } from '@/src/auth/auth-service'

/** An auth service whose MSAL account is the given person, signed in; `signOut` is a spy. */
export function signedInAuth(account: Pick<Account, 'email' | 'oid'>) {
  return {
    actor: {
      getSnapshot: () => ({
        context: {
          activeAccount: { homeAccountId: 'h', localAccountId: 'l', username: '', idTokenClaims: { given_name: 'Cara', family_name: 'Commercial', emails: [account.email], oid: account.oid } },
        },
      }),
    },
    signOut: vi.fn(),
  } as unknown as AuthService
}
