import type { AuthService } from './auth-service'

/**
 * Loads the sign-in code (MSAL and the auth machine) on first use, so the public pages never
 * download it: only the account area, or '/' opened with a sign-in answer, asks for it.
 */
export interface AuthLoader {
  load(): Promise<AuthService>
}

export function createAuthLoader(navigate: (path: string) => void): AuthLoader {
  let service: Promise<AuthService> | undefined
  return {
    load: () => (service ??= import('./auth-service').then(({ createAuthService }) => createAuthService(navigate))),
  }
}

/** Whether the address carries an answer from the identity provider (code or error, with state). */
export function hasSignInAnswer(location: { hash: string; searchStr?: string }): boolean {
  const answer = new URLSearchParams(location.hash.replace(/^#/, '') || (location.searchStr ?? '').replace(/^\?/, ''))
  return answer.has('state') && (answer.has('code') || answer.has('error'))
}

/**
 * After sign-out the provider returns to the site root with `?state=...`: nothing reads it, so it
 * is removed from the address before the app starts.
 */
export function removeSignOutState(location: Location, history: History) {
  const params = new URLSearchParams(location.search)
  if (!params.has('state') || params.has('code') || params.has('error')) return
  params.delete('state')
  const search = params.toString()
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`)
}
