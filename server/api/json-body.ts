import type { IncomingMessage } from 'node:http'
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
 * The body's limit: a body over `maxSize` is a 413 in words, whether it declares its length or
 * streams in chunks (counted as it arrives, never read whole). Under Node's server the body is read
 * straight from its IncomingMessage, and kept where Hono's own readers (the JSON validator) find it:
 * building the Fetch Request and its web stream for every write cost more than the write's own work
 * (decision 0027). Elsewhere (app.request in tests, another runtime), Hono's body limit.
 */
export const limitBody = (maxSize: number, message: string): MiddlewareHandler<{ Bindings: { incoming?: IncomingMessage } }> => {
  const tooLarge = () => new Problem(413, message)
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge()
    },
  })
  return async (c, next) => {
    // A read has no body to limit; asking for one would build the whole Fetch Request of every read.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const incoming = c.env?.incoming
    if (!incoming || incoming.readableEnded || incoming.readableFlowing !== null) return limit(c, next)
    const bytes = await readIncoming(incoming, maxSize, tooLarge)
    // Fetch's text() drops a byte order mark; arrayBuffer() keeps every byte (a signature is checked on them).
    const text = bytes.toString('utf8')
    Object.assign(c.req.bodyCache, {
      text: Promise.resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text),
      arrayBuffer: Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)),
    })
    return next()
  }
}

/** Node's request body, refused past `maxSize` bytes. */
function readIncoming(incoming: IncomingMessage, maxSize: number, tooLarge: () => Error): Promise<Buffer> {
  const declared = Number(incoming.headers['content-length'])
  if (declared > maxSize) return Promise.reject(tooLarge())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = (error?: Error) => {
      incoming.off('data', onData).off('end', onEnd).off('error', done).off('close', onClose)
      if (error) return reject(error)
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxSize) {
        // The rest is left unread: the server drains or closes the connection after the answer.
        incoming.pause()
        done(tooLarge())
      } else chunks.push(chunk)
    }
    const onEnd = () => done()
    // Closed before its end: the client gave up on the request.
    const onClose = () => done(new Error('The client closed the request before its body arrived.'))
    incoming.on('data', onData).on('end', onEnd).on('error', done).on('close', onClose)
  })
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
