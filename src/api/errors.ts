/**
 * The spec's error catalogue (section 8): what the user reads when a call fails.
 * One pure function over every way a call can fail.
 */
export type ApiFailure =
  | { kind: 'network' }
  | { kind: 'invalid-json' }
  /** The answer was JSON but not the shape the contract promises. */
  | { kind: 'invalid-answer' }
  | { kind: 'token' }
  | { kind: 'http'; status: number; body: string }

export const messages = {
  network: 'There was a problem connecting to the server. Please try again.',
  invalidJson: 'Failed to parse API response as JSON',
  token: 'Could not acquire access token',
  400: "The request couldn't be processed. Please check your information and try again.",
  401: "You don't have permission to perform this action. Please log in again or contact support.",
  404: "The requested information couldn't be found. Please try again or contact support.",
  409: 'There was a conflict with your request. The item may have been modified by another user.',
  422: "The information provided couldn't be processed. Please check your entries and try again.",
  429: "You've made too many requests. Please wait a moment and try again.",
  500: "We're experiencing technical difficulties. Please try again later or contact support if the problem persists.",
  other: 'An unexpected error occurred. Please try again or contact support if the problem persists.',
} as const

/** Fields of an error body that carry the text to show, in the spec's order of preference. */
const messageFields = ['message', 'error', 'error_description', 'title', 'errors'] as const

/** A plain-text body is shown as it is only when it is short. */
const maxTextBodyLength = 200

export function describeFailure(failure: ApiFailure): string {
  switch (failure.kind) {
    case 'network':
      return messages.network
    case 'invalid-json':
      return messages.invalidJson
    case 'invalid-answer':
      return messages.other
    case 'token':
      return messages.token
    case 'http':
      return textFromBody(failure.body) ?? messageForStatus(failure.status)
  }
}

export function messageForStatus(status: number): string {
  switch (status) {
    case 400:
      return messages[400]
    case 401:
    case 403:
      return messages[401]
    case 404:
      return messages[404]
    case 409:
      return messages[409]
    case 422:
      return messages[422]
    case 429:
      return messages[429]
    case 500:
    case 502:
    case 503:
    case 504:
      return messages[500]
    default:
      return messages.other
  }
}

function textFromBody(body: string): string | undefined {
  const trimmed = body.trim()
  if (!trimmed) return undefined
  const json = parseJson(trimmed)
  // A bare JSON string is a text body too, under the same 200-character rule.
  const text = json === undefined ? trimmed : typeof json === 'string' ? json.trim() : undefined
  if (text !== undefined) return text && text.length < maxTextBodyLength && !looksLikeMarkup(text) ? text : undefined
  if (typeof json !== 'object' || json === null) return undefined
  for (const field of messageFields) {
    const text = flattenText((json as Record<string, unknown>)[field])
    if (text) return text
  }
  return undefined
}

/** Strings as they are; arrays and validation maps ({ field: ['text'] }) joined into one line. */
function flattenText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined
  const parts = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : []
  const texts = parts.flatMap((part) => flattenText(part) ?? [])
  return texts.length ? texts.join(' ') : undefined
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** An HTML error page (a proxy's, say) is no message for the user. */
function looksLikeMarkup(text: string): boolean {
  return /^<(!doctype|html|\?xml|[a-z]+[\s>])/i.test(text)
}

/** A failed call, carrying the catalogue's text as its message. */
export class ApiError extends Error {
  readonly failure: ApiFailure

  constructor(failure: ApiFailure) {
    super(describeFailure(failure))
    this.name = 'ApiError'
    this.failure = failure
  }

  get status(): number | undefined {
    return this.failure.kind === 'http' ? this.failure.status : undefined
  }

  /** The form field a refusal names beside its message (`{ message, field }`), if any: the form says it under that field. */
  get field(): string | undefined {
    if (this.failure.kind !== 'http') return undefined
    try {
      const field = (JSON.parse(this.failure.body) as { field?: unknown } | null)?.field
      return typeof field === 'string' ? field : undefined
    } catch {
      return undefined
    }
  }
}
