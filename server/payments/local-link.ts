import { Agent, request } from 'node:https'

/**
 * An HTTPS agent that trusts the local stack's self-signed certificate: how the server's Stripe SDK
 * reaches the sandbox's /v1 and how the sandbox delivers webhooks, over the same TLS as a browser.
 */
export function localAgent(cert: string) {
  return new Agent({ ca: cert, keepAlive: true })
}

/** Posts a webhook delivery through the agent; resolves with the status, rejects on a network failure. */
export function postThrough(agent: Agent) {
  return (url: string, delivery: { body: string; headers: Record<string, string> }) =>
    new Promise<{ status: number }>((resolve, reject) => {
      const outgoing = request(url, { method: 'POST', agent, headers: { ...delivery.headers, 'Content-Length': Buffer.byteLength(delivery.body) }, timeout: 30_000 }, (answer) => {
        answer.resume()
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0 }))
      })
      outgoing.on('timeout', () => outgoing.destroy(new Error('The webhook endpoint did not answer in 30 s')))
      outgoing.on('error', reject)
      outgoing.end(delivery.body)
    })
}
