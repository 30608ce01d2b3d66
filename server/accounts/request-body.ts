import type { Context } from 'hono'
import * as v from 'valibot'
import { Problem } from './problems'

export const maxBodyBytes = 64 * 1024
const maxDepth = 16

/** 'firstName' -> 'First name'. */
const label = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, (first) => first.toUpperCase())

function depthOf(value: unknown, depth = 0): number {
  if (depth > maxDepth || value === null || typeof value !== 'object') return depth
  return Math.max(depth, ...Object.values(value).map((child) => depthOf(child, depth + 1)))
}

/**
 * The request's JSON body, checked: JSON content type (415), size (413), syntax and nesting (400),
 * then the contract's schema (422, naming each invalid field).
 */
export async function readBody<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) throw new Problem(415, 'Send the request body as application/json.')
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > maxBodyBytes) throw new Problem(413, 'The request body is too large.')
  const text = await c.req.text()
  if (Buffer.byteLength(text) > maxBodyBytes) throw new Problem(413, 'The request body is too large.')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Problem(400, 'The request body is not valid JSON.')
  }
  if (depthOf(json) > maxDepth) throw new Problem(400, 'The request body is nested too deeply.')
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Problem(400, 'The request body must be a JSON object.')
  const result = v.safeParse(schema, json)
  if (result.success) return result.output
  const problems = result.issues.map((issue) => {
    const field = v.getDotPath(issue)
    // A missing field: valibot reports the key; say which field is required, in words.
    if (field && issue.input === undefined) return `${label(field)} is required`
    return field && !issue.message.toLowerCase().startsWith(label(field).toLowerCase()) ? `${field}: ${issue.message}` : issue.message
  })
  throw new Problem(422, [...new Set(problems)].join('; '))
}
