import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { createRequestLog } from '@/server/http/request-log'
import { requestLogger } from '@/server/log'

const secret = 'Zq3v_0Ka8bX-invitation-secret-of-43-charsAB'
let server: Server
let origin: string
beforeAll(async () => {
  const logRequest = createRequestLog()
  server = createServer((request, response) => {
    logRequest(request, response)
    response.end('ok')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

/** The request log's lines never hold an invitation's secret (issue 48): its path segment is written as `…`. */
it("writes an invitation link's path without its secret, and every other path as it is", async () => {
  const lines = vi.spyOn(requestLogger, 'info')
  const paths = [
    `/api/invitations/${secret}`,
    `/api/invitations/${secret}/accept`,
    `/account/invitations/${secret}?from=mail`,
    '/api/organisation/invitations/inv_123/resend',
    '/api/licenses',
    '/api/invitations/offer',
  ]
  for (const path of paths) await (await fetch(`${origin}${path}`)).text()
  await vi.waitFor(() => expect(lines).toHaveBeenCalledTimes(paths.length))
  const logged = lines.mock.calls.map(([line]) => (line as unknown as { req: { path: string } }).req.path)
  lines.mockRestore()
  expect(logged.sort()).toEqual([
    '/account/invitations/…',
    '/api/invitations/offer',
    '/api/invitations/…',
    '/api/invitations/…/accept',
    '/api/licenses',
    '/api/organisation/invitations/inv_123/resend',
  ])
  expect(JSON.stringify(logged)).not.toContain(secret.slice(0, 12))
})
