import { waitFor, type ActorRefFrom } from 'xstate'
import type { License } from '@/common/contract'
import type { sessionMachine } from '@/machines/session.machine'
import { requestsFor } from '@/src/api/request-actor'
import type { AccountsApi } from '@/src/api/accounts-api'
import type { myLicensesMachine } from '@/machines/my-licenses.machine'
import type { discordConnectMachine } from '@/machines/discord-connect.machine'

/** My Licenses' I/O over the accounts API. */
export function licensesActors(api: AccountsApi) {
  return requestsFor<typeof myLicensesMachine>()({ loadLicenses: ({ signal }) => api.licenses(signal) })
}

/** My Licenses' first page from the session that asked for it when the area opened there (decision 0036). */
export function firstPageActors(api: AccountsApi, session: ActorRefFrom<typeof sessionMachine>) {
  return requestsFor<typeof myLicensesMachine>()({ takeFirstPage: ({ signal }) => takeFirstPage(session, api, signal) })
}

/**
 * The first page the session asked for, once it came; then the session forgets it, so that a later
 * visit loads its own (a page left before it came did not take it: the next one does). Were it
 * taken already by another of the page's actors, the page loads its own now.
 */
async function takeFirstPage(session: ActorRefFrom<typeof sessionMachine>, api: AccountsApi, signal: AbortSignal): Promise<License[]> {
  const { context } = await waitFor(session, (snapshot) => snapshot.context.firstLicenses !== 'loading', { signal, timeout: Infinity })
  const first = context.firstLicenses
  if (first === null || first === 'loading') return api.licenses(signal)
  session.send({ type: 'licenses.taken' })
  if ('error' in first) throw new Error(first.error)
  return first.licenses
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
