import { describe, expect, it, vi } from 'vitest'
import { createCaller } from '@/src/api/client'

/** Spec section 7: JSON bodies with a bearer token; some answers are "not shown" and not read. */
function recordingCaller(respond: () => Response) {
  const requests: Request[] = []
  const call = createCaller({
    baseUrl: 'https://accounts.example.com',
    accessToken: async (access) => `token-${access}`,
    fetch: async (input, init) => {
      requests.push(new Request(input as string, init))
      return respond()
    },
  })
  return { call, requests }
}

describe('a call to the accounts API', () => {
  it('asks for JSON, and names a JSON body only when it sends one', async () => {
    const { call, requests } = recordingCaller(() => new Response('{}'))
    await call({ method: 'GET', path: '/api/licenses', answer: null })
    await call({ method: 'POST', path: '/api/licenses/unassign', body: { licenseId: 'seat_1' }, answer: null })
    expect(requests.map((request) => [request.method, request.headers.get('Accept'), request.headers.get('Content-Type')])).toEqual([
      ['GET', 'application/json', null],
      ['POST', 'application/json', 'application/json'],
    ])
    expect(await requests[0]!.text()).toBe('')
    expect(await requests[1]!.text()).toBe('{"licenseId":"seat_1"}')
  })

  it('does not read an answer it does not need, even an empty one', async () => {
    const { call } = recordingCaller(() => new Response(''))
    await expect(call({ method: 'PUT', path: '/api/account/', body: { firstName: 'Ada' }, answer: null })).resolves.toBeUndefined()
  })

  it('shows the status message when the failed answer cannot be read', async () => {
    const unreadable = new Response(new ReadableStream({ start: (controller) => controller.error(new Error('connection reset')) }), { status: 404 })
    const { call } = recordingCaller(() => unreadable)
    await expect(call({ method: 'GET', path: '/api/products/enterprise', answer: null })).rejects.toThrow("The requested information couldn't be found. Please try again or contact support.")
  })

  it('ends as an abort, not as a network failure, when stopped while the request is under way', async () => {
    let requestSent: () => void = () => {}
    const sent = new Promise<void>((resolve) => (requestSent = resolve))
    const call = createCaller({
      baseUrl: 'https://accounts.example.com',
      accessToken: async () => 'token',
      fetch: (_, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))
          requestSent()
        }),
    })
    const controller = new AbortController()
    const pending = call({ method: 'GET', path: '/api/licenses', answer: null, signal: controller.signal })
    await sent
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it("uses the browser's fetch when given none", async () => {
    const browserFetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'))
    const call = createCaller({ baseUrl: 'https://accounts.example.com', accessToken: async () => 'token' })
    await call({ method: 'GET', path: '/api/licenses', answer: null })
    expect(browserFetch).toHaveBeenCalledWith('https://accounts.example.com/api/licenses', expect.objectContaining({ method: 'GET' }))
  })
})
