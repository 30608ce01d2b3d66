import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { createCaller, type Access } from '@/src/api/client'
import { ApiError } from '@/src/api/errors'
import { licenseFileSchema } from '@/common/contract'

const stats = v.object({ purchased: v.number() })

function setup(respond: (request: Request) => Promise<Response> | Response, token: (access: Access) => Promise<string> = async (access) => `token-${access}`) {
  const requests: Request[] = []
  const call = createCaller({
    baseUrl: 'https://accounts.example.com',
    accessToken: vi.fn(token),
    fetch: async (input, init) => {
      const request = new Request(input as string, init)
      requests.push(request)
      return respond(request)
    },
  })
  return { call, requests }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('API calls', () => {
  it('send a bearer token with the read scope for GET and the write scope otherwise, and JSON bodies [S6.scopes S7.bearer]', async () => {
    const { call, requests } = setup(() => json({ purchased: 5 }))
    await expect(call({ method: 'GET', path: '/api/account/stats/', answer: stats })).resolves.toEqual({ purchased: 5 })
    await call({ method: 'POST', path: '/api/licenses/assign', body: { email: 'a@b.c' }, answer: null })
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token-read')
    expect(requests[0]!.url).toBe('https://accounts.example.com/api/account/stats/')
    expect(requests[1]!.headers.get('Authorization')).toBe('Bearer token-write')
    expect(requests[1]!.headers.get('Content-Type')).toBe('application/json')
    expect(await requests[1]!.json()).toEqual({ email: 'a@b.c' })
  })

  it("fail with 'Could not acquire access token' when no token can be had, without calling [S8.token]", async () => {
    const { call, requests } = setup(
      () => json({}),
      () => Promise.reject(new Error('interaction_required')),
    )
    await expect(call({ method: 'GET', path: '/api/licenses', answer: stats })).rejects.toThrow('Could not acquire access token')
    expect(requests).toHaveLength(0)
  })

  it('report a network failure with the spec’s text [S8.network]', async () => {
    const { call } = setup(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(call({ method: 'GET', path: '/api/licenses', answer: stats })).rejects.toThrow('There was a problem connecting to the server. Please try again.')
  })

  it('report an answer that is not JSON, and one of the wrong shape, without crashing', async () => {
    await expect(setup(() => new Response('<html>', { status: 200 })).call({ method: 'GET', path: '/x', answer: stats })).rejects.toThrow('Failed to parse API response as JSON')
    await expect(setup(() => json({ purchased: 'five' })).call({ method: 'GET', path: '/x', answer: stats })).rejects.toThrow(
      'An unexpected error occurred. Please try again or contact support if the problem persists.',
    )
  })

  it('turn error answers into the catalogue’s texts, with the status', async () => {
    const { call } = setup(() => json({ message: 'No seat is left in this subscription.' }, 409))
    const error = await call({ method: 'POST', path: '/api/licenses/assign', body: {}, answer: null }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('No seat is left in this subscription.')
    expect((error as ApiError).status).toBe(409)
    await expect(setup(() => new Response('', { status: 503 })).call({ method: 'GET', path: '/x', answer: stats })).rejects.toThrow(
      "We're experiencing technical difficulties. Please try again later or contact support if the problem persists.",
    )
  })

  it('take a download as its text (CSV), with the write scope for DELETE', async () => {
    const csv = 'email,firstName\r\nada@example.com,Ada\r\n'
    const { call, requests } = setup(() => new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv' } }))
    await expect(call({ method: 'GET', path: '/api/licenses/assigned.csv', answer: v.string(), textAnswer: 'text/csv' })).resolves.toBe(csv)
    expect(requests[0]!.headers.get('Accept')).toBe('text/csv')
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token-read')
    await call({ method: 'DELETE', path: '/api/feed-tokens/ft_1', answer: null })
    expect(requests[1]!.method).toBe('DELETE')
    expect(requests[1]!.headers.get('Authorization')).toBe('Bearer token-write')
  })

  it('take a license file as its text, and refuse a body that is no license file as unreadable', async () => {
    const file = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJzZWF0In0.c2ln'
    const answering = (body: string) => setup(() => new Response(body, { status: 200, headers: { 'Content-Type': 'application/jwt' } }))
    const { call, requests } = answering(file)
    await expect(call({ method: 'GET', path: '/api/licenses/seat_1/license-file', answer: licenseFileSchema, textAnswer: 'application/jwt' })).resolves.toBe(file)
    expect(requests[0]!.headers.get('Accept')).toBe('application/jwt')
    await expect(answering('{"answer": [1, 2').call({ method: 'GET', path: '/x', answer: licenseFileSchema, textAnswer: 'application/jwt' })).rejects.toThrow('Failed to parse API response as JSON')
  })

  it('take a PDF as a Blob of its type; refuse an answer of another type, and say an error answer as the catalogue does', async () => {
    const pdf = '%PDF-1.7 quote'
    const answering = (response: () => Response) => setup(response).call({ method: 'GET', path: '/api/quotes/qt_1/pdf', answer: v.instance(Blob), binaryAnswer: 'application/pdf' })
    const { call, requests } = setup(() => new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } }))
    const blob = await call({ method: 'GET', path: '/api/quotes/qt_1/pdf', answer: v.instance(Blob), binaryAnswer: 'application/pdf' })
    expect(await blob.text()).toBe(pdf)
    expect(requests[0]!.headers.get('Accept')).toBe('application/pdf')
    // An error page or JSON where a PDF was asked for could not be read.
    for (const type of ['text/html', 'application/json', 'image/application/pdf'])
      await expect(
        answering(() => new Response('<html></html>', { status: 200, headers: { 'Content-Type': type } })),
        type,
      ).rejects.toThrow('Failed to parse API response as JSON')
    await expect(
      answering(() => new Response(pdf, { status: 200 })),
      'no type',
    ).rejects.toThrow('Failed to parse API response as JSON')
    const refused = await answering(() => json({ message: 'The quote was not found.' }, 404)).catch((caught: unknown) => caught)
    expect(refused).toMatchObject({ message: 'The quote was not found.', status: 404 })
    // A schema the Blob does not meet: not read.
    await expect(
      setup(() => new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } })).call({ method: 'GET', path: '/x', answer: v.string(), binaryAnswer: 'application/pdf' }),
    ).rejects.toThrow('Failed to parse API response as JSON')
  })

  it('name the form field a refusal names, and none for any other failure', async () => {
    const refusal = (body: string, status = 422) => new ApiError({ kind: 'http', status, body })
    expect(refusal(JSON.stringify({ message: 'This tax ID is not valid.', field: 'taxIdValue' })).field).toBe('taxIdValue')
    expect(refusal(JSON.stringify({ message: 'No seat is left.' }), 409).field).toBeUndefined()
    expect(refusal(JSON.stringify({ message: 'x', field: 7 })).field, 'a field that is no name').toBeUndefined()
    expect(refusal('null').field, 'a body of null').toBeUndefined()
    expect(refusal('<html>Bad gateway</html>', 502).field, 'a body that is no JSON').toBeUndefined()
    expect(new ApiError({ kind: 'network' }).field).toBeUndefined()
    expect(new ApiError({ kind: 'network' }).status).toBeUndefined()
  })

  it('let an aborted call end as an abort, not as an error to show', async () => {
    const controller = new AbortController()
    const { call } = setup((request) => new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))))
    const pending = call({ method: 'GET', path: '/x', answer: stats, signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
