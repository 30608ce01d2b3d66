import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import { validator } from 'hono/validator'
import * as v from 'valibot'
import { Problem } from './problems'

export const maxBodyBytes = 64 * 1024
const maxDepth = 16

/**
 * Hono's body limit: a body over `maxSize` is a 413 in words, whether it declares its length or
 * streams in chunks (counted as it arrives, never read whole).
 */
export const limitBody = (maxSize: number, message: string): MiddlewareHandler => {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new Problem(413, message)
    },
  })
  // A read has no body to limit; asking for one would build the whole Fetch Request of every read.
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next))
}

/** Hono's JSON validator answers a body it cannot parse with its own 400; this is that answer, in words. */
export const isUnparsableJson = (error: unknown) => error instanceof HTTPException && error.status === 400
export const unparsableJson = 'The request body is not valid JSON.'

/** 'firstName' -> 'First name'. */
const label = (field: string) =>
  field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (first) => first.toUpperCase())

function depthOf(value: unknown, depth = 0): number {
  if (depth > maxDepth || value === null || typeof value !== 'object') return depth
  return Math.max(depth, ...Object.values(value).map((child) => depthOf(child, depth + 1)))
}

// application/json with or without parameters; not application/json-seq or a list of types, which Hono does not parse.
const isJson = (c: Context) => /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')

/** The contract's schema over a parsed body: nesting and shape (400), then each invalid field, named (422). */
function checked<TSchema extends v.GenericSchema>(json: unknown, schema: TSchema): v.InferOutput<TSchema> {
  if (depthOf(json) > maxDepth) throw new Problem(400, 'The request body is nested too deeply.')
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Problem(400, 'The request body must be a JSON object.')
  const result = v.safeParse(schema, json)
  if (result.success) return result.output
  throw new Problem(422, describeIssues(result.issues))
}

/** What a value of each JSON type is, in words. */
const typeWords: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', object: 'an object', array: 'a list' }

/**
 * The contract's refusals in words, each naming its field once: a missing field is required, a
 * field of the wrong JSON type says what it must be, and any other rule gives its own message.
 * For bodies, queries and path parameters alike.
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const problems = issues.map((issue) => {
    const field = v.getDotPath(issue)
    // A missing field: valibot reports the key; say which field is required, in words.
    if (field && issue.input === undefined) return `${label(field)} is required`
    if (field && issue.kind === 'schema' && typeWords[issue.type]) return `${label(field)} must be ${typeWords[issue.type]}`
    return field && !issue.message.toLowerCase().startsWith(label(field).toLowerCase()) ? `${field}: ${issue.message}` : issue.message
  })
  return [...new Set(problems)].join('; ')
}

/**
 * Hono's JSON validator with the contract's schema: another content type is a 415, then the
 * checks above; the handler reads the result with `c.req.valid('json')`. Size is limited before
 * (limitBody), syntax by the validator itself (isUnparsableJson).
 */
export const jsonBody = <TSchema extends v.GenericSchema>(schema: TSchema) =>
  validator('json', (json, c) => {
    if (!isJson(c)) throw new Problem(415, 'Send the request body as application/json.')
    return checked(json, schema)
  })

const emptyObject = jsonBody(v.object({}))

/** For a call that takes no body: nothing at all, or an empty JSON object (what some clients send by habit). */
export const noBody = createMiddleware(async (c, next) => {
  const length = c.req.header('content-length')
  if (length === '0' || (length === undefined && !c.req.header('content-type'))) return next()
  return emptyObject(c, next)
})
