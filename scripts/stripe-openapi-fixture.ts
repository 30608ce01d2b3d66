/**
 * Writes testkit/server/stripe-openapi/stripe-openapi.json.gz (gzip: 2 MB of JSON): the part of Stripe's API description that
 * the payment sandbox serves, at the API version of the installed `stripe` SDK, in OpenAPI 3.0 form
 * (paths with their form parameters and answers, components.schemas with `nullable`, expandable
 * fields as `anyOf: [id, object]` with `x-expansionResources`, `x-expandableFields`).
 *
 * Its source is the SDK's own description of that version: the declarations and request paths that
 * Stripe generates from its OpenAPI specification into node_modules/stripe (decision 0023 says why
 * not the specification file itself). Run: `npx tsx scripts/stripe-openapi-fixture.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'
import { sandboxOperations } from './stripe-openapi-operations'

const sdkDir = join(process.cwd(), 'node_modules/stripe')
const resourcesDir = join(sdkDir, 'cjs/resources')
const output = join(process.cwd(), 'testkit/server/stripe-openapi/stripe-openapi.json.gz')

type Schema = Record<string, unknown>

const program = ts.createProgram([join(sdkDir, 'cjs/stripe.cjs.node.d.ts')], { strict: true, skipLibCheck: true, noEmit: true })
const checker = program.getTypeChecker()
const schemas: Record<string, Schema> = {}

/** `Checkout.Session.CustomerDetails` for an interface of resources/Checkout/Sessions.d.ts. */
function schemaName(symbol: ts.Symbol): string {
  const declaration = symbol.declarations![0]!
  const file = declaration.getSourceFile().fileName
  const folder = relative(resourcesDir, dirname(file))
  const prefix = folder && !folder.startsWith('..') ? `${folder.split('/').join('.')}.` : ''
  return prefix + checker.getFullyQualifiedName(symbol).replace(/^"[^"]*"\./, '')
}

const isStripeInterface = (symbol: ts.Symbol | undefined) =>
  !!symbol?.declarations?.some((declaration) => ts.isInterfaceDeclaration(declaration) && declaration.getSourceFile().fileName.startsWith(sdkDir))

/** A named interface of the SDK as a component schema (its properties, their nullability and whether they are always there). */
function reference(symbol: ts.Symbol, type: ts.Type): Schema {
  const name = schemaName(symbol)
  if (!schemas[name]) {
    schemas[name] = {}
    schemas[name] = objectSchema(type)
  }
  return { $ref: `#/components/schemas/${name}` }
}

function objectSchema(type: ts.Type): Schema {
  const properties: Record<string, Schema> = {}
  const required: string[] = []
  for (const property of checker.getPropertiesOfType(type)) {
    const declaration = property.valueDeclaration ?? property.declarations?.[0]
    if (!declaration) continue
    const propertyType = checker.getTypeOfSymbolAtLocation(property, declaration)
    // `deleted?: void` marks the live object apart from its deleted form: never sent.
    if (propertyType.flags & ts.TypeFlags.Void) continue
    const schema = toSchema(propertyType)
    if (!schema) continue
    properties[property.name] = schema
    if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.name)
  }
  const schema: Schema = { type: 'object', properties }
  if (required.length > 0) schema.required = required
  const index = checker.getIndexTypeOfType(type, ts.IndexKind.String)
  if (index) schema.additionalProperties = toSchema(index) ?? {}
  const expandable = Object.entries(properties).filter(([, value]) => isExpandable(value))
  if (expandable.length > 0) schema['x-expandableFields'] = expandable.map(([key]) => key)
  return schema
}

const isExpandable = (schema: Schema) => Array.isArray(schema.anyOf) && 'x-expansionResources' in schema

/** The JSON Schema (OpenAPI 3.0 dialect) of a declared type; null for undefined and void. */
function toSchema(type: ts.Type): Schema | null {
  if (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return null
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {}
  if (type.flags & ts.TypeFlags.String) return { type: 'string' }
  if (type.flags & ts.TypeFlags.Number) return { type: 'number' }
  if (type.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return { type: 'boolean' }
  if (type.isStringLiteral()) return { type: 'string', enum: [type.value] }
  if (type.isNumberLiteral()) return { type: 'number', enum: [type.value] }
  if (type.isUnion()) return unionSchema(type.types)
  // OtherString (string & Record<never, never>): any string.
  if (type.isIntersection()) {
    if (type.types.some((member) => member.flags & ts.TypeFlags.String)) return { type: 'string' }
    const alias = type.aliasSymbol?.name
    // Decimal: sent as a decimal string (Stripe's `format: decimal`).
    if (alias === 'Decimal') return { type: 'string', format: 'decimal' }
    return objectSchema(type)
  }
  if (checker.isArrayType(type)) return { type: 'array', items: toSchema(checker.getTypeArguments(type as ts.TypeReference)[0]!) ?? {} }
  const symbol = type.aliasSymbol ?? type.getSymbol()
  if (symbol?.name === 'ApiList') {
    const item = checker.getTypeArguments(type as ts.TypeReference)[0]!
    return listSchema(toSchema(item) ?? {})
  }
  if (isStripeInterface(type.getSymbol()) && !(type.getSymbol()!.flags & ts.SymbolFlags.TypeLiteral)) return reference(type.getSymbol()!, type)
  return objectSchema(type)
}

function unionSchema(members: ts.Type[]): Schema | null {
  const present = members.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)))
  const nullable = present.some((member) => member.flags & ts.TypeFlags.Null)
  let rest = present.filter((member) => !(member.flags & ts.TypeFlags.Null))
  // 'a' | 'b' | OtherString: the SDK leaves its enums open to values of later API versions; this
  // version's values are the literals.
  const isOtherString = (member: ts.Type) => member.isIntersection() && member.types.some((part) => part.flags & ts.TypeFlags.String)
  const literals = rest.filter((member) => member.isStringLiteral())
  if (literals.length > 0 && rest.every((member) => member.isStringLiteral() || isOtherString(member))) rest = literals
  let schema: Schema | null
  if (rest.length === 0) schema = null
  else if (rest.every((member) => member.flags & ts.TypeFlags.BooleanLike)) schema = { type: 'boolean' }
  else if (rest.every((member) => member.isStringLiteral())) schema = { type: 'string', enum: rest.map((member) => (member as ts.StringLiteralType).value) }
  else {
    const parts = dedupe(rest.map(toSchema).filter((part): part is Schema => part !== null))
    // A string alongside literals of it (OtherString, Emptyable<'a' | 'b'>'s ''): any string.
    const anyString = parts.some((part) => part.type === 'string' && !part.enum && !part.format)
    const kept = anyString ? parts.filter((part) => part.type !== 'string' || (!part.enum && !part.format)) : parts
    schema = kept.length === 1 ? kept[0]! : { anyOf: kept }
    // An id or the object it names: Stripe's expandable field.
    if (kept.length > 1 && anyString && kept.every((part) => part.type === 'string' || '$ref' in part)) {
      schema['x-expansionResources'] = { oneOf: kept.filter((part) => '$ref' in part) }
    }
  }
  if (!schema) return nullable ? { nullable: true, enum: [null] } : null
  return nullable ? withNullable(schema) : schema
}

function withNullable(schema: Schema): Schema {
  if ('$ref' in schema) return { anyOf: [schema], nullable: true }
  return { ...schema, nullable: true }
}

function dedupe(parts: Schema[]): Schema[] {
  const seen = new Set<string>()
  return parts.filter((part) => {
    const key = JSON.stringify(part)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function listSchema(items: Schema): Schema {
  return {
    type: 'object',
    properties: { object: { type: 'string', enum: ['list'] }, data: { type: 'array', items }, has_more: { type: 'boolean' }, url: { type: 'string' } },
    required: ['object', 'data', 'has_more', 'url'],
    'x-expandableFields': ['data'],
  }
}

/** The class of resources/<file>.d.ts and its method's declaration. */
function methodDeclaration(file: string, method: string): ts.MethodDeclaration {
  const source = program.getSourceFile(join(resourcesDir, `${file}.d.ts`))
  if (!source) throw new Error(`No declarations for ${file}`)
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement)) continue
    for (const member of statement.members) if (ts.isMethodDeclaration(member) && member.name.getText(source) === method) return member
  }
  throw new Error(`No method ${method} in ${file}.d.ts`)
}

/** The HTTP method and path (`/v1/customers/{id}`) the SDK's method requests. */
function requestOf(file: string, method: string): { verb: string; path: string } {
  const code = readFileSync(join(resourcesDir, `${file}.js`), 'utf8')
  const match = new RegExp(`\\n {4}${method}\\([^)]*\\) \\{\\n\\s+return this\\._makeRequest\\('(\\w+)', [\`'](/v1/[^\`']*)[\`']`).exec(code)
  if (!match) throw new Error(`No request for ${file}.${method}`)
  return { verb: match[1]!.toLowerCase(), path: match[2]!.replace(/\$\{encodeURIComponent\((\w+)\)\}/g, '{$1}') }
}

function answerSchema(node: ts.TypeNode): Schema {
  if (ts.isTypeReferenceNode(node)) {
    const name = node.typeName.getText()
    const argument = node.typeArguments?.[0]
    if ((name === 'Promise' || name === 'Response') && argument) return answerSchema(argument)
    if (name === 'ApiListPromise' && argument) return listSchema(toSchema(checker.getTypeFromTypeNode(argument)) ?? {})
  }
  return toSchema(checker.getTypeFromTypeNode(node)) ?? {}
}

const paths: Record<string, Record<string, Schema>> = {}
const errorSchema = {
  type: 'object',
  properties: { error: toSchema(checker.getTypeAtLocation(findTypeAlias('Types', 'StripeRawError')))! },
  required: ['error'],
}

function findTypeAlias(file: string, name: string): ts.Node {
  const source = program.getSourceFile(join(sdkDir, `cjs/${file}.d.ts`))!
  const found = source.statements.find((statement) => ts.isTypeAliasDeclaration(statement) && statement.name.text === name)
  if (!found) throw new Error(`No type ${name} in ${file}.d.ts`)
  return found
}

/** What the operation takes: a form body for POST (requestBody), query parameters otherwise, as Stripe's specification writes them. */
function takes(declaration: ts.MethodDeclaration, verb: string, path: string): Schema {
  const params = declaration.parameters.find((parameter) => parameter.name.getText() === 'params')
  const body = params?.type ? objectSchema(checker.getNonNullableType(checker.getTypeFromTypeNode(params.type))) : { type: 'object', properties: {} }
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }))
  if (verb === 'post') return { parameters: inPath, requestBody: { content: { 'application/x-www-form-urlencoded': { schema: body } } } }
  const required = new Set((body.required as string[] | undefined) ?? [])
  const query = Object.entries(body.properties as Record<string, Schema>).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), style: 'deepObject', explode: true, schema }))
  return { parameters: [...inPath, ...query] }
}

for (const operation of sandboxOperations) {
  const declaration = methodDeclaration(operation.file, operation.method)
  const { verb, path } = requestOf(operation.file, operation.method)
  paths[path] ??= {}
  paths[path][verb] = {
    operationId: operation.name,
    ...takes(declaration, verb, path),
    responses: {
      200: { content: { 'application/json': { schema: answerSchema(declaration.type!) } } },
      default: { content: { 'application/json': { schema: { $ref: '#/components/schemas/error' } } } },
    },
  }
}
schemas.error = errorSchema

const sdk = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')) as { version: string }
const apiVersion = /ApiVersion = '([^']+)'/.exec(readFileSync(join(sdkDir, 'cjs/apiVersion.js'), 'utf8'))![1]!
const openapiVersion = readFileSync(join(sdkDir, 'OPENAPI_VERSION'), 'utf8').trim()
const sorted = (record: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  )
const fixture = {
  openapi: '3.0.0',
  info: {
    title: 'Stripe API: the operations the payment sandbox serves',
    version: apiVersion,
    'x-source': { package: `stripe@${sdk.version}`, openapiVersion, generatedBy: 'scripts/stripe-openapi-fixture.ts' },
  },
  paths: sorted(paths),
  components: { schemas: sorted(schemas) },
}
const json = `${JSON.stringify(fixture)}\n`
writeFileSync(output, gzipSync(json, { level: 9 }))
console.log(
  `${output}: ${sandboxOperations.length} operations, ${Object.keys(schemas).length} schemas, ${json.length} bytes of JSON, ${readFileSync(output).length} gzipped (API ${apiVersion}, ${openapiVersion})`,
)
