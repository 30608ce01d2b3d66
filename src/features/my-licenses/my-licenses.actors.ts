import { waitFor, type ActorRefFrom } from 'xstate'
import type { sessionMachine } from '@/machines/session.machine'
import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { FirstPage, myLicensesMachine } from '@/machines/my-licenses.machine'
import type { discordConnectMachine } from '@/machines/discord-connect.machine'

/** My Licenses' I/O over the accounts API. */
export function licensesActors(api: AccountsApi) {
  return requestsFor<typeof myLicensesMachine>()({ loadLicenses: ({ signal }) => api.licenses(signal) })
}

/** My Licenses' first page from the session that asked for it when the area opened there (decision 0036). */
export function firstPageActors(session: ActorRefFrom<typeof sessionMachine>) {
  return requestsFor<typeof myLicensesMachine>()({ awaitFirstPage: ({ signal }) => firstPageOf(session, signal) })
}

/**
 * What the session has of the first page once it came. Only that: the page's chart takes it and
 * tells the session, or loads its own when there is none (a page left before it came did not take
 * it; another of the page's actors may have taken it already).
 */
async function firstPageOf(session: ActorRefFrom<typeof sessionMachine>, signal: AbortSignal): Promise<FirstPage> {
  const { context } = await waitFor(session, (snapshot) => snapshot.context.firstLicenses !== 'loading', { signal, timeout: Infinity })
  const first = context.firstLicenses
  if (first === null || first === 'loading') return { found: 'none' }
  return 'error' in first ? { found: 'failure', message: first.error } : { found: 'licenses', licenses: first.licenses }
}

/**
 * Connect Discord's I/O over the accounts API. A backend may answer only `{ discordConnected: true }`:
 * then there is no invite to open (an empty link), and the card shows connected all the same.
 */
export function discordActors(api: AccountsApi) {
  return requestsFor<typeof discordConnectMachine>()({
    connectDiscord: async ({ input, signal }) => {
      const answer = await api.connectDiscord(input.discordName, signal)
      return { inviteLink: answer.inviteLink ?? '' }
    },
  })
}
