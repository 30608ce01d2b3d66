import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv8/dist/2020.js'
import { parseParams } from '@/server/local/sandbox/protocol'

/**
 * Stripe's API description for the operations the sandbox serves (stripe-openapi.json.gz, written by
 * scripts/stripe-openapi-fixture.ts), as validators of requests and answers. A field the description
 * does not have, a missing required field, a wrong type or a value outside an enum is a problem.
 */

type Schema = { [key: string]: unknown }
interface Parameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  schema: Schema
}
interface Operation {
  operationId: string
  parameters: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { content: Record<string, { schema: Schema }> }>
}
export interface StripeDescription {
  info: { version: string; 'x-source': { package: string; openapiVersion: string } }
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Schema> }
}

export const description = JSON.parse(gunzipSync(readFileSync(new URL('./stripe-openapi.json.gz', import.meta.url))).toString('utf8')) as StripeDescription

const base = 'https://stripe-openapi.invalid/schemas'

const absolute = (ref: string) => ref.replace('#/components/schemas/', `${base}#/$defs/`)
const target = (ref: string) => description.components.schemas[ref.replace('#/components/schemas/', '')]

/** The value of a property that tells the schemas of a union apart (an event's `type`), per schema. */
function discriminated(branches: Schema[]): Record<string, string> | null {
  if (branches.length < 3 || !branches.every((branch) => typeof branch.$ref === 'string')) return null
  const mapping: Record<string, string> = {}
  for (const branch of branches) {
    const values = ((target(branch.$ref as string)?.properties as Record<string, Schema> | undefined)?.type?.enum ?? []) as string[]
    if (values.length !== 1 || mapping[values[0]!]) return null
    mapping[values[0]!] = absolute(branch.$ref as string)
  }
  return mapping
}

/**
 * OpenAPI 3.0's dialect as JSON Schema 2020-12: `nullable` as a null type, and no property beyond the
 * declared ones. A $ref is compiled the first time a value reaches it (`lazyRef`), and a union told
 * apart by `type` (Event) checks the one schema the value names: compiling all they reach (most of
 * Stripe's API, through expandable fields and events) would take seconds in every test file.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema)
  if (!node || typeof node !== 'object') return node
  const source = node as Schema
  const out: Schema = {}
  for (const [key, value] of Object.entries(source)) {
    if (key.startsWith('x-') || key === 'nullable') continue
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Schema).map(([name, schema]) => [name, toJsonSchema(schema)]))
    else if (key === '$ref') out.lazyRef = absolute(String(value))
    else out[key] = toJsonSchema(value)
  }
  const mapping = Array.isArray(source.anyOf) ? discriminated(source.anyOf as Schema[]) : null
  if (mapping) {
    delete out.anyOf
    Object.assign(out, { type: 'object', required: ['type'], properties: { type: { enum: Object.keys(mapping) } }, discriminatedBy: mapping })
  }
  if (out.properties && out.additionalProperties === undefined && !mapping) out.additionalProperties = false
  if (source.nullable) {
    if (typeof out.type === 'string') out.type = [out.type, 'null']
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null]
    if (Array.isArray(out.anyOf)) out.anyOf = [...(out.anyOf as unknown[]), { type: 'null' }]
  }
  return out
}

const definitions = toJsonSchema(description.components.schemas) as Schema

type KeywordValidate = ((schema: unknown, data: unknown, parent?: unknown, context?: { instancePath: string }) => boolean) & { errors?: Partial<ErrorObject>[] }

function validatorFactory(options: { coerceTypes: boolean }) {
  // The description is checked once, by tests/server/local/sandbox/stripe-openapi.test.ts, not at every start.
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: options.coerceTypes, validateSchema: false })
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/)
  ajv.addSchema({ $id: base, $defs: definitions })
  /** Validates against the schema at `ref`, compiled the first time it is needed. */
  const against = (ref: string, data: unknown, context: { instancePath: string } | undefined, self: KeywordValidate) => {
    const validate = ajv.getSchema(ref)!
    if (validate(data)) return true
    self.errors = (validate.errors ?? []).map((error) => ({ ...error, instancePath: (context?.instancePath ?? '') + error.instancePath }))
    return false
  }
  const lazyRef: KeywordValidate = (ref, data, _parent, context) => against(ref as string, data, context, lazyRef)
  const discriminatedBy: KeywordValidate = (mapping, data, _parent, context) => {
    const ref = (mapping as Record<string, string>)[String((data as { type?: unknown }).type)]
    return ref ? against(ref, data, context, discriminatedBy) : true
  }
  ajv.addKeyword({ keyword: 'lazyRef', schemaType: 'string', errors: true, validate: lazyRef })
  ajv.addKeyword({ keyword: 'discriminatedBy', schemaType: 'object', errors: true, validate: discriminatedBy })
  const cache = new Map<Schema, ValidateFunction>()
  return (schema: Schema) => {
    let validate = cache.get(schema)
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema) as Schema)
      cache.set(schema, validate)
    }
    return validate
  }
}

const answers = validatorFactory({ coerceTypes: false })
// A form body carries strings: `quantity=2` is the integer 2, `expand[]=x` an array.
const requests = validatorFactory({ coerceTypes: true })

export interface Found {
  path: string
  method: string
  operation: Operation
}

const templates = Object.entries(description.paths)
  .map(([path, methods]) => ({ path, methods, pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`), holes: (path.match(/\{/g) ?? []).length }))
  // A literal segment (/v1/invoices/create_preview) before a template that would also match it.
  .sort((a, b) => a.holes - b.holes)

/** The operation Stripe's description has for the method and path, or null. */
export function findOperation(method: string, pathname: string): Found | null {
  const verb = method.toLowerCase()
  const template = templates.find((candidate) => candidate.pattern.test(pathname) && candidate.methods[verb])
  return template ? { path: template.path, method: verb, operation: template.methods[verb]! } : null
}

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .filter((error) => error.keyword !== 'anyOf')
    .slice(0, 8)
    .map(
      (error) =>
        `${error.instancePath || '/'} ${error.message}${error.keyword === 'additionalProperties' ? `: ${String(error.params.additionalProperty)}` : error.keyword === 'enum' ? `: ${JSON.stringify(error.params.allowedValues)}` : ''}`,
    )

/** The request's parameters: a form body for POST, the query otherwise (Stripe's bracket notation). */
export function requestParams(method: string, query: string, body: string) {
  return parseParams(method.toUpperCase() === 'POST' ? body : query)
}

/** Problems with what was sent: unknown parameters, missing required ones, wrong types. */
export function checkRequest(found: Found, params: Record<string, unknown>): string[] {
  const { operation } = found
  const schema = operation.requestBody?.content['application/x-www-form-urlencoded']?.schema ?? querySchema(operation)
  const validate = requests(schema)
  return validate(structuredClone(params)) ? [] : describeErrors(validate.errors).map((problem) => `request ${problem}`)
}

const querySchemas = new WeakMap<Operation, Schema>()
function querySchema(operation: Operation): Schema {
  let schema = querySchemas.get(operation)
  if (!schema) {
    const query = operation.parameters.filter((parameter) => parameter.in === 'query')
    schema = {
      type: 'object',
      properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
      required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    }
    querySchemas.set(operation, schema)
  }
  return schema
}

/** Problems with the answer: its body against the operation's response (200) or Stripe's error (any other status). */
export function checkAnswer(found: Found, status: number, body: unknown, expand: string[]): string[] {
  const ok = status === 200
  if (!ok && (status < 400 || status > 599)) return [`status ${status}: Stripe answers 200 or an error status`]
  const response = found.operation.responses[ok ? '200' : 'default']!
  const file = Object.keys(response.content).find((type) => type !== 'application/json')
  if (file) return checkFile(file, body)
  const validate = answers(response.content['application/json']!.schema)
  const problems = validate(body) ? [] : describeErrors(validate.errors).map((problem) => `${status} answer ${problem}`)
  return ok ? [...problems, ...unexpanded(body, expand)] : problems
}

/** A file's answer (the recorder gives its content type and first bytes): of the type described, and that file indeed. */
export interface FileAnswer {
  contentType: string
  head: string
}

const magic: Record<string, string> = { 'application/pdf': '%PDF-' }

function checkFile(type: string, body: unknown): string[] {
  const answer = body as Partial<FileAnswer> | undefined
  if (!answer?.contentType?.startsWith(type)) return [`200 answer is ${answer?.contentType ?? 'no file'}, not ${type}`]
  if (magic[type] && !answer.head?.startsWith(magic[type])) return [`200 answer is not a ${type} file (begins ${JSON.stringify(answer.head?.slice(0, 8))})`]
  return []
}

/** Each `expand[]` path must hold the object, not its id (null stays null). */
function unexpanded(body: unknown, expand: string[]): string[] {
  const problems: string[] = []
  const walk = (value: unknown, segments: string[], path: string) => {
    if (value === null || value === undefined) return
    if (Array.isArray(value)) return value.forEach((entry, index) => walk(entry, segments, `${path}[${index}]`))
    if (segments.length === 0) {
      if (typeof value !== 'object') problems.push(`expand ${path}: still an id (${JSON.stringify(value)})`)
      return
    }
    if (typeof value === 'object') walk((value as Record<string, unknown>)[segments[0]!], segments.slice(1), `${path}.${segments[0]}`)
  }
  for (const path of expand) walk(body, path.split('.'), '')
  return problems
}
