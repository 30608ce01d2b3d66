import { createAccountsApi } from '../../../src/api/accounts-api'
import { createCaller } from '../../../src/api/client'

/** The real API client over a fetch that answers every request with the given status and JSON body (none when undefined), and keeps the requests. */
export function answeringApi(status: number, body: unknown) {
  const requests: Request[] = []
  const api = createAccountsApi(
    createCaller({
      baseUrl: 'https://localhost/api',
      accessToken: async (access) => `token-${access}`,
      fetch: async (input, init) => {
        requests.push(new Request(input as string, init))
        return new Response(body === undefined ? '' : JSON.stringify(body), { status })
      },
    }),
  )
  return { api, requests }
}
