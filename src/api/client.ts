import * as v from 'valibot'
import type { ApiMethod } from '@/common/api-paths'
import { ApiError } from './errors'

export type Access = 'read' | 'write'

export interface ApiClientOptions {
  /** The API's base address, without a trailing slash (local stack: https://localhost:5173/api). */
  baseUrl: string
  /** A bearer token for the call; rejects when none can be had. */
  accessToken(access: Access): Promise<string>
  fetch?: typeof fetch
}

export interface CallOptions<TAnswer> {
  method: ApiMethod
  /** The path under the base address (common/api-paths.ts builds it). */
  path: string
  /** The query string, without its `?`. */
  query?: URLSearchParams
  body?: unknown
  /** The answer's schema; null when the answer's content does not matter. */
  answer: v.GenericSchema<unknown, TAnswer> | null
  /** A download's media type (text/csv): the answer is that text, checked by the schema as it is, not JSON. */
  textAnswer?: string
  /** A binary download's media type (application/pdf): the answer is a Blob of it; another type could not be read. */
  binaryAnswer?: string
  signal?: AbortSignal
}

/**
 * One call to the accounts API: a silently acquired bearer token (read scope for GET, write for
 * POST, PUT and DELETE), JSON both ways (or a text download), and every failure turned into an ApiError carrying the spec's
 * text. A malformed answer is an error, never a crash.
 */
export function createCaller(options: ApiClientOptions) {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  return async function call<TAnswer>({ method, path, query, body, answer, textAnswer, binaryAnswer, signal }: CallOptions<TAnswer>): Promise<TAnswer> {
    let token: string
    try {
      token = await options.accessToken(method === 'GET' ? 'read' : 'write')
    } catch {
      throw new ApiError({ kind: 'token' })
    }
    signal?.throwIfAborted()
    let response: Response
    try {
      response = await fetchImpl(`${options.baseUrl}${path}${query ? `?${query}` : ''}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, Accept: binaryAnswer ?? textAnswer ?? 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      })
    } catch (error) {
      if (signal?.aborted) throw error
      throw new ApiError({ kind: 'network' })
    }
    if (response.ok && binaryAnswer !== undefined && answer !== null) return binaryOf(response, binaryAnswer, answer)
    const text = await response.text().catch(() => '')
    if (!response.ok) throw new ApiError({ kind: 'http', status: response.status, body: text })
    if (answer === null) return undefined as TAnswer
    let json: unknown = text
    try {
      if (textAnswer === undefined) json = JSON.parse(text)
    } catch {
      throw new ApiError({ kind: 'invalid-json' })
    }
    const parsed = v.safeParse(answer, json)
    // A download that is not what it should be (a license file that is no JWS) could not be read, as unreadable JSON could not.
    if (!parsed.success) throw new ApiError({ kind: textAnswer === undefined ? 'invalid-answer' : 'invalid-json' })
    return parsed.output
  }
}

/** A binary download's answer: a Blob of its media type; an answer of another type (an error page, JSON) could not be read. */
async function binaryOf<TAnswer>(response: Response, type: string, answer: v.GenericSchema<unknown, TAnswer>): Promise<TAnswer> {
  const blob = await response.blob().catch(() => null)
  const parsed = v.safeParse(answer, blob)
  if (!blob || !(response.headers.get('content-type') ?? '').startsWith(type) || !parsed.success) throw new ApiError({ kind: 'invalid-json' })
  return parsed.output
}

export type Caller = ReturnType<typeof createCaller>
