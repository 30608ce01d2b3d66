import { appendFileSync } from 'node:fs'
import { expect } from 'vitest'
import { checkAnswer, checkRequest, findOperation, requestParams, type FileAnswer } from './description'

/**
 * A recorder around the sandbox's HTTP handler: every request to /v1 and its answer are checked
 * against Stripe's API description as they pass (description.ts). `problems` names the test, the
 * operation and what disagrees; `assertAgreed()` fails with them. A request the description does not
 * allow must be refused with a 400, as Stripe refuses it.
 */
export interface Checked {
  test: string
  method: string
  path: string
  operation: string | null
  status: number
  problems: string[]
}

export function stripeRecorder(handler: (request: Request) => Response | Promise<Response>) {
  const checked: Checked[] = []

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url)
    if (!url.pathname.startsWith('/v1/')) return handler(request)
    const body = request.method === 'POST' ? await request.clone().text() : ''
    const response = await handler(request)
    const contentType = response.headers.get('content-type') ?? ''
    // A file (a quote's PDF) is checked by its type and first bytes; everything else is JSON.
    const answer: unknown = contentType.startsWith('application/json')
      ? await response
          .clone()
          .json()
          .catch(() => undefined)
      : ({
          contentType,
          head: Buffer.from(await response.clone().arrayBuffer())
            .subarray(0, 16)
            .toString('latin1'),
        } satisfies FileAnswer)
    const found = findOperation(request.method, url.pathname)
    const test = expect.getState().currentTestName ?? '(outside a test)'
    const entry: Checked = { test, method: request.method, path: url.pathname, operation: found?.operation.operationId ?? null, status: response.status, problems: [] }
    if (!found) {
      // A path Stripe does not have is answered with its 404 (the router's catch-all), and nothing else.
      if (response.status !== 404) entry.problems.push(`${request.method} ${url.pathname} is not in Stripe's API description, yet answered ${response.status}`)
    } else {
      const params = requestParams(request.method, url.search.slice(1), body)
      const expand = Array.isArray(params.expand) ? params.expand.map(String) : typeof params.expand === 'string' ? [params.expand] : []
      // Stripe.js's own calls (the publishable key: a client secret, raw card fields) are not in the
      // published description; their answers are.
      const fromStripeJs = /^Bearer pk_/.test(request.headers.get('authorization') ?? '')
      // A request outside the description is one Stripe refuses: it agrees only when refused with a 400.
      const requestProblems = fromStripeJs ? [] : checkRequest(found, params)
      if (response.status !== 400) entry.problems.push(...requestProblems)
      entry.problems.push(...checkAnswer(found, response.status, answer, expand))
    }
    checked.push(entry)
    return response
  }

  /** A webhook delivery's body: the Event that GET /v1/events/:id answers. */
  function checkDelivery(body: string) {
    const event = JSON.parse(body) as { id?: string; type?: string }
    const found = findOperation('GET', `/v1/events/${event.id}`)!
    const test = expect.getState().currentTestName ?? '(outside a test)'
    checked.push({ test, method: 'WEBHOOK', path: String(event.type), operation: 'webhook event', status: 200, problems: checkAnswer(found, 200, event, []) })
  }

  /** Throws the disagreements recorded so far (then forgets them). */
  function assertAgreed() {
    report(checked)
    const wrong = checked.filter((entry) => entry.problems.length > 0)
    checked.length = 0
    if (wrong.length > 0) {
      const lines = wrong.slice(0, 12).map((entry) => `- ${entry.test}: ${entry.method} ${entry.path} (${entry.operation ?? 'no operation'}) → ${entry.status}\n    ${entry.problems.join('\n    ')}`)
      throw new Error(`The sandbox and Stripe's API description disagree (${wrong.length} exchanges):\n${lines.join('\n')}`)
    }
  }

  return { fetch, checkDelivery, checked, assertAgreed }
}

/** With STRIPE_OPENAPI_REPORT=<file>, one line per exchange checked: the figures of the validation's coverage. */
function report(checked: Checked[]) {
  const file = process.env.STRIPE_OPENAPI_REPORT
  if (!file || checked.length === 0) return
  appendFileSync(file, checked.map((entry) => `${JSON.stringify({ operation: entry.operation, status: entry.status, problems: entry.problems.length })}\n`).join(''))
}
