import { requestsFor } from '../../api/request-actor'
import type { AccountsApi } from '../../api/accounts-api'
import type { myLicensesMachine } from '../../../machines/my-licenses.machine'
import type { discordConnectMachine } from '../../../machines/discord-connect.machine'

/** My Licenses' I/O over the accounts API. */
export function licensesActors(api: AccountsApi) {
  return requestsFor<typeof myLicensesMachine>()({ loadLicenses: ({ signal }) => api.licenses(signal) })
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
