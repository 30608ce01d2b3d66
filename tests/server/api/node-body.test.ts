import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeApi } from '@/tests/support/server/api-fixture'

/**
 * Under Node's server the API reads a write's body straight from Node's request (decision 0027),
 * not through a Fetch Request: the same answers as through Hono's own reader (security.test.ts),
 * sent over a real connection, with and without a declared length.
 */
describeApi('request bodies read from Node’s request on $name', (api) => {
  let server: Server
  let port = 0
  beforeAll(async () => {
    server = createServer(getRequestListener(api.app.fetch))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  /** A POST over HTTP; `chunks` sends the body in pieces without Content-Length (chunked). */
  async function post(path: string, body: string | Buffer, options: { chunks?: number; headers?: Record<string, string>; email?: string } = {}) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers }
    if (options.email !== undefined || !path.startsWith('/api/stripe/webhook')) headers.Authorization = `Bearer ${await api.token(options.email ?? 'plus@example.com')}`
    const bytes = Buffer.from(body)
    if (!options.chunks) headers['Content-Length'] = String(bytes.length)
    return new Promise<{ status: number; body: { message?: string; email?: string } }>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode!, body: text ? (JSON.parse(text) as { message?: string }) : {} }))
      })
      request.on('error', reject)
      const size = Math.ceil(bytes.length / (options.chunks ?? 1))
      for (let start = 0; start < bytes.length; start += size) request.write(bytes.subarray(start, start + size))
      request.end()
    })
  }
  const assign = (body: string | Buffer, options: { chunks?: number; headers?: Record<string, string> } = {}) => post('/api/licenses/assign', body, options)

  it('reads a JSON body whole, declared or chunked, a byte order mark dropped', async () => {
    expect(await assign(JSON.stringify({ firstName: 'Nora', lastName: 'Node', email: 'nora.node@example.com' }))).toMatchObject({ status: 200, body: { email: 'nora.node@example.com' } })
    const chunked = JSON.stringify({ firstName: 'Chad', lastName: 'Chunk', email: 'chad.chunk@example.com' })
    expect(await assign(chunked, { chunks: 4 })).toMatchObject({ status: 200, body: { email: 'chad.chunk@example.com' } })
    // Read as JSON past the mark: the fields it lacks are named.
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"firstName":"Bo"}')])
    expect(await assign(marked)).toMatchObject({ status: 422, body: { message: 'Last name is required; Email is required' } })
  })

  it('says in words what is wrong with a body, as Hono’s reader does', async () => {
    expect(await assign('{"firstName":')).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } })
    expect(await assign('')).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } })
    expect(await assign('{}', { headers: { 'Content-Type': 'text/plain' } })).toMatchObject({ status: 415, body: { message: 'Send the request body as application/json.' } })
    expect(await assign('[1,2]')).toMatchObject({ status: 400, body: { message: 'The request body must be a JSON object.' } })
    expect(await assign('{"firstName":"Ada"}', { chunks: 3 })).toMatchObject({ status: 422, body: { message: 'Last name is required; Email is required' } })
  })

  it('refuses a body over the limit with 413, whether it declares its length or streams it', async () => {
    const large = JSON.stringify({ firstName: 'x'.repeat(70_000) })
    expect(await assign(large)).toMatchObject({ status: 413, body: { message: 'The request body is too large.' } })
    expect(await assign(large, { chunks: 10 })).toMatchObject({ status: 413, body: { message: 'The request body is too large.' } })
    // The connection still answers the next call.
    expect(await assign('[1,2]')).toMatchObject({ status: 400 })
  })

  it('hands a webhook its body byte for byte: a bad signature is refused in words, an event over 512 KB with 413', async () => {
    expect(await post('/api/stripe/webhook', '{"id":"evt_1"}', { headers: { 'Stripe-Signature': 't=1,v1=x' } })).toMatchObject({ status: 400 })
    expect(await post('/api/stripe/webhook', 'x'.repeat(512 * 1024 + 1), { chunks: 8, headers: { 'Stripe-Signature': 't=1,v1=x' } })).toMatchObject({
      status: 413,
      body: { message: 'The event is too large.' },
    })
  })
})
