import { expect } from 'vitest'
import { createAccountsApi } from '@/src/api/accounts-api'
import { createCaller } from '@/src/api/client'
import { settle } from '@/testkit/settle'

export interface SentRequest {
  method: string
  path: string
  signal: AbortSignal
  /** Answers the request with 200 and the body, as the API would, however late. */
  answer: (body: unknown) => void
  answered: boolean
}

/**
 * The real accounts API over a fake fetch (the fake API at the fetch level). Given an answer, the
 * fetch gives every request that status and JSON body (none when undefined) at once; without one, it
 * holds every request until the test answers it, and an aborted request fails as fetch does.
 * `requests` (answered at once) and `sent` (held) list the requests in order; `count` says how often an API method was called.
 */
export function fetchApi(answer?: { status: number; body: unknown }) {
  const sent: SentRequest[] = []
  const requests: Request[] = []
  const fetch = (url: string | URL | Request, init?: RequestInit) => {
    if (answer) {
      requests.push(new Request(url as string, init))
      return Promise.resolve(new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status }))
    }
    return new Promise<Response>((resolve, reject) => {
      const signal = init!.signal!
      signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))
      const held: SentRequest = {
        method: init!.method!,
        path: new URL(String(url)).pathname,
        signal,
        answered: false,
        answer: (body) => {
          held.answered = true
          resolve(new Response(JSON.stringify(body), { status: 200 }))
        },
      }
      sent.push(held)
    })
  }
  const real = createAccountsApi(createCaller({ baseUrl: 'https://localhost/api', accessToken: async (access) => `token-${access}`, fetch: fetch as typeof globalThis.fetch }))
  // Calls are counted as they are made: a call aborted before its fetch still counts.
  const made: string[] = []
  const api = Object.fromEntries(Object.entries(real).map(([name, method]) => [name, (...args: unknown[]) => (made.push(name), (method as (...args: unknown[]) => unknown)(...args))])) as typeof real
  /** How many times the API method was called. */
  const count = (method: keyof typeof real) => made.filter((name) => name === method).length
  /** Answers the oldest unanswered `METHOD /path` once it has been sent. */
  async function answerCall(call: string, body: unknown) {
    const waiting = () => sent.find((request) => !request.answered && `${request.method} ${request.path}` === call)
    await until(() => waiting() !== undefined)
    waiting()!.answer(body)
  }
  return { api, sent, requests, count, answer: answerCall }
}

/** Waits (a few turns of the event loop) until the check holds. */
export async function until(check: () => boolean) {
  for (let tries = 0; tries < 50 && !check(); tries++) await settle()
  expect(check()).toBe(true)
}
