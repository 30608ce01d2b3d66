import { dirname, join, relative } from 'node:path'
import ts from 'typescript'

export type Schema = Record<string, unknown>

/**
 * JSON Schemas (OpenAPI 3.0's dialect, as Stripe's specification writes them) of the types the
 * `stripe` package declares: each named interface a component schema in `schemas`, its properties
 * with their nullability and whether they are always there, enums, expandable fields (an id or the
 * object), lists. Decision 0023.
 */
export function sdkSchemas(program: ts.Program, sdkDir: string) {
  const checker = program.getTypeChecker()
  const resourcesDir = join(sdkDir, 'cjs/resources')
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

  return { checker, schemas, toSchema, objectSchema, listSchema }
}
