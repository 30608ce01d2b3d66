import type { Context } from 'hono'

/** Stripe's API version the sandbox speaks (the SDK's pinned one). */
export const apiVersion = '2026-10-28.endive'

/** Parameters as Stripe reads them: bracket notation decoded into objects and arrays. */
export type Params = { [key: string]: Param }
export type Param = string | Params | Param[]

/** Decodes `a[b][0][c]=1&expand[]=x` (form body or query string) into nested objects. */
export function parseParams(encoded: string): Params {
  const root: Params = {}
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey)
    if (!match) continue
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)]
    let node: Params = root
    for (let index = 0; index < path.length; index++) {
      const key = path[index]!
      const last = index === path.length - 1
      if (last) {
        if (key === '') (node as unknown as Param[]).push(value)
        else node[key] = value
      } else {
        const nextKey = path[index + 1]!
        const target = key === '' ? String((node as unknown as Param[]).length) : key
        if (typeof node[target] !== 'object') node[target] = nextKey === '' ? [] : {}
        node = node[target] as Params
      }
    }
  }
  return normalise(root) as Params
}

/** Objects whose keys are all indices become arrays, in index order. */
function normalise(value: Param): Param {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(normalise)
  const keys = Object.keys(value)
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) return keys.sort((a, b) => Number(a) - Number(b)).map((key) => normalise(value[key]!))
  return Object.fromEntries(keys.map((key) => [key, normalise(value[key]!)]))
}

/** An error Stripe answers with: its shape and HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; decline_code?: string; message: string; param?: string; doc_url?: string; [extra: string]: unknown },
  ) {
    super(body.message)
    this.name = 'StripeApiError'
  }
}

const docs = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`

export const errors = {
  missing(kind: string, id: string, param = 'id') {
    return new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param, doc_url: docs('resource_missing') })
  },
  invalid(param: string, message: string) {
    return new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_invalid', message, param, doc_url: docs('parameter_invalid') })
  },
  required(param: string) {
    return new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_missing', message: `Missing required param: ${param}.`, param, doc_url: docs('parameter_missing') })
  },
  unknown(param: string) {
    return new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_unknown', message: `Received unknown parameter: ${param}`, param, doc_url: docs('parameter_unknown') })
  },
  request(message: string, extra: { code?: string; param?: string } = {}) {
    return new StripeApiError(400, { type: 'invalid_request_error', message, ...extra, ...(extra.code ? { doc_url: docs(extra.code) } : {}) })
  },
  /** A declined card: 402 card_error. */
  card(declineCode: string, message: string, extra: Record<string, unknown> = {}) {
    const code = declineCode === 'generic_decline' ? 'card_declined' : declineCode === 'insufficient_funds' ? 'card_declined' : declineCode
    return new StripeApiError(402, { type: 'card_error', code, decline_code: declineCode, message, doc_url: docs(code), ...extra })
  },
}

/** The 'sk_test_****' form Stripe shows a key in: never the whole key. */
export function redactKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? ''
  return `${prefix}${'*'.repeat(Math.max(4, Math.min(key.length - prefix.length - 4, 24)))}${key.length > prefix.length + 8 ? key.slice(-4) : ''}`
}

export function errorResponse(c: Context, error: StripeApiError) {
  return c.json({ error: error.body }, error.status as 400)
}

// Reading parameters, with Stripe's 400 for a wrong type.
export const read = {
  /** `param` names the parameter in errors when it is nested (e.g. line_items[0][quantity]). */
  string(params: Params, name: string, options: { required?: boolean; param?: string } = {}): string | undefined {
    const value = params[name]
    const param = options.param ?? name
    if (value === undefined || value === '') {
      if (options.required) throw errors.required(param)
      return undefined
    }
    if (typeof value !== 'string') throw errors.invalid(param, `Invalid string: ${JSON.stringify(value)}`)
    return value
  },
  integer(params: Params, name: string, options: { required?: boolean; min?: number; max?: number; param?: string } = {}): number | undefined {
    const value = read.string(params, name, options)
    const param = options.param ?? name
    if (value === undefined) return undefined
    if (!/^-?\d+$/.test(value)) throw errors.invalid(param, `Invalid integer: ${value}`)
    const number = Number(value)
    if (options.min !== undefined && number < options.min) throw errors.invalid(param, `This value must be greater than or equal to ${options.min}.`)
    if (options.max !== undefined && number > options.max) throw errors.invalid(param, `This value must be less than or equal to ${options.max}.`)
    return number
  },
  boolean(params: Params, name: string): boolean | undefined {
    const value = read.string(params, name)
    if (value === undefined) return undefined
    if (value !== 'true' && value !== 'false') throw errors.invalid(name, `Invalid boolean: ${value}`)
    return value === 'true'
  },
  oneOf<T extends string>(params: Params, name: string, values: readonly T[], options: { required?: boolean; param?: string } = {}): T | undefined {
    const value = read.string(params, name, options)
    if (value === undefined) return undefined
    if (!values.includes(value as T)) throw errors.invalid(options.param ?? name, `Invalid ${name}: must be one of ${values.join(', ')}`)
    return value as T
  },
  object(params: Params, name: string): Params | undefined {
    const value = params[name]
    if (value === undefined || value === '') return undefined
    if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalid(name, `Invalid object`)
    return value
  },
  array(params: Params, name: string): Params[] {
    const value = params[name]
    if (value === undefined || value === '') return []
    if (!Array.isArray(value)) throw errors.invalid(name, `Invalid array`)
    return value.map((entry, index) => {
      if (typeof entry !== 'object' || Array.isArray(entry)) throw errors.invalid(`${name}[${index}]`, 'Invalid object')
      return entry
    })
  },
  /** metadata: string values; an empty value removes the key. */
  metadata(params: Params, name = 'metadata'): Record<string, string> | undefined {
    const value = params[name]
    if (value === undefined) return undefined
    if (value === '') return {}
    if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalid(name, 'Invalid hash')
    const result: Record<string, string> = {}
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry !== 'string') throw errors.invalid(`${name}[${key}]`, 'Invalid string')
      result[key] = entry
    }
    return result
  },
  expand(params: Params): string[] {
    const value = params.expand
    if (value === undefined) return []
    const list = Array.isArray(value) ? value : [value]
    return list.map((entry) => {
      if (typeof entry !== 'string') throw errors.invalid('expand', 'Invalid array')
      return entry
    })
  },
}

/** Merges metadata as Stripe does: new keys added, empty values removing keys. */
export function mergeMetadata(current: Record<string, string>, update: Record<string, string> | undefined): Record<string, string> {
  if (update === undefined) return current
  if (Object.keys(update).length === 0) return {}
  const next = { ...current }
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete next[key]
    else next[key] = value
  }
  return next
}
