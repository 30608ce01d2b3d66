/**
 * Writes tests/support/server/stripe-openapi/stripe-openapi.json.gz (2 MB of JSON, gzipped): the part of
 * Stripe's API description that the payment sandbox serves, at the API version of the installed `stripe` SDK, in OpenAPI 3.0 form
 * (paths with their form parameters and answers, components.schemas with `nullable`, expandable
 * fields as `anyOf: [id, object]` with `x-expansionResources`, `x-expandableFields`).
 *
 * Its source is the SDK's own description of that version: the declarations and request paths that
 * Stripe generates from its OpenAPI specification into node_modules/stripe (decision 0023 says why
 * not the specification file itself). Run: `npx tsx scripts/stripe-openapi-fixture.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import ts from 'typescript'
import { sandboxOperations } from './stripe-openapi-operations'
import { sdkSchemas, type Schema } from './stripe-openapi-schemas'

const sdkDir = join(process.cwd(), 'node_modules/stripe')
const resourcesDir = join(sdkDir, 'cjs/resources')
const output = join(process.cwd(), 'tests/support/server/stripe-openapi/stripe-openapi.json.gz')

const program = ts.createProgram([join(sdkDir, 'cjs/stripe.cjs.node.d.ts')], { strict: true, skipLibCheck: true, noEmit: true })
const { checker, schemas, toSchema, objectSchema, listSchema } = sdkSchemas(program, sdkDir)

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

/** A file the SDK streams (a quote's PDF): Stripe's description answers it as binary, not JSON. */
const streamed = (node: ts.TypeNode) => ts.isTypeReferenceNode(node) && node.typeName.getText() === 'Promise' && node.typeArguments?.[0]?.getText() === 'StripeStreamResponse'

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
      200: streamed(declaration.type!)
        ? { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }
        : { content: { 'application/json': { schema: answerSchema(declaration.type!) } } },
      default: { content: { 'application/json': { schema: { $ref: '#/components/schemas/error' } } } },
    },
  }
}
schemas.error = errorSchema

/**
 * Funding instructions answer the bank transfer type they were asked for, but the SDK's answer type
 * names only eu_bank_transfer and jp_bank_transfer (left open for the rest): the answer's enum takes
 * the request's values (decision 0045).
 */
const transferType = (schemas['FundingInstructions.BankTransfer'] as { properties: Record<string, Schema> }).properties.type!
const requestSchema = (name: string) => (schemas[name] as { properties: Record<string, Schema> } | undefined)?.properties.type
const askable = (requestSchema('CustomerCreateFundingInstructionsParams.BankTransfer')?.enum ?? []) as string[]
if (askable.length === 0) throw new Error('No bank transfer types in the funding instructions request')
transferType.enum = [...new Set([...((transferType.enum as string[]) ?? []), ...askable])]

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
