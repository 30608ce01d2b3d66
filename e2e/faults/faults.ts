import type { ApiRoute } from '../support/api-routes'

/** The spec's error catalogue (section 8), word for word: what the user reads for each fault. */
export const catalogue = {
  network: 'There was a problem connecting to the server. Please try again.',
  badJson: 'Failed to parse API response as JSON',
  permission: "You don't have permission to perform this action. Please log in again or contact support.",
  notFound: "The requested information couldn't be found. Please try again or contact support.",
  conflict: 'There was a conflict with your request. The item may have been modified by another user.',
  unprocessable: "The information provided couldn't be processed. Please check your entries and try again.",
  tooMany: "You've made too many requests. Please wait a moment and try again.",
  serverError: "We're experiencing technical difficulties. Please try again later or contact support if the problem persists.",
} as const

/** How long the slow answer keeps the user waiting. */
export const delayMs = 10_000

export interface Fault {
  /** The matrix column. */
  id: string
  /** What the catalogue says about it; undefined for the slow answer, which is not a failure. */
  message?: string
  /** Answers the intercepted call; `delayed` is the call's own answer after the wait. */
  answer(route: ApiRoute, delayed: () => Promise<void>): Promise<void>
}

// Error statuses come with an empty body, so the message is the catalogue's text for the status.
const status = (code: number, message: string): Fault => ({ id: String(code), message, answer: (route) => route.fulfill({ status: code, body: '' }) })

/** The eleven faults of issue 8, in the matrix's column order. */
export const faults: readonly Fault[] = [
  { id: 'network', message: catalogue.network, answer: (route) => route.abort('failed') },
  status(500, catalogue.serverError),
  status(503, catalogue.serverError),
  status(401, catalogue.permission),
  status(403, catalogue.permission),
  status(404, catalogue.notFound),
  status(409, catalogue.conflict),
  status(422, catalogue.unprocessable),
  status(429, catalogue.tooMany),
  { id: 'bad JSON', message: catalogue.badJson, answer: (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"answer": [1, 2' }) },
  {
    id: '10 s delay',
    answer: async (_route, delayed) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      await delayed()
    },
  },
]

export const faultIds = faults.map((fault) => fault.id)
