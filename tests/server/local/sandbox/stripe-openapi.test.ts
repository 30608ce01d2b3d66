import { readFileSync } from 'node:fs'
import Stripe from 'stripe'
import { Ajv2020 } from 'ajv8/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { routes } from '@/server/local/sandbox/api/routes'
import { customer, testClock } from '@/server/local/sandbox/objects/customers'
import { stripeRecorder } from '@/tests/support/server/stripe-openapi/recorder'
import { checkAnswer, checkRequest, description, findOperation, type Found } from '@/tests/support/server/stripe-openapi/description'

/** The description the contract tests check the sandbox against, and that the checks can fail. */

const operation = (method: string, path: string): Found => findOperation(method, path)!
const sdk = JSON.parse(readFileSync('node_modules/stripe/package.json', 'utf8')) as { version: string }

describe("Stripe's API description for the sandbox", () => {
  it('is of the API version and package the server uses', () => {
    expect(description.info.version).toBe(Stripe.API_VERSION)
    expect(description.info['x-source'].package).toBe(`stripe@${sdk.version}`)
    expect(description.info['x-source'].openapiVersion).toBe(readFileSync('node_modules/stripe/OPENAPI_VERSION', 'utf8').trim())
  })

  it('has an operation for each route the sandbox serves at /v1, and no other', () => {
    const served = routes.map((route) => `${route.method.toLowerCase()} /v1${route.path.replace(/:\w+/g, '{}')}`).sort()
    const described = Object.entries(description.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path.replace(/\{\w+\}/g, '{}')}`))
      .sort()
    expect(described).toEqual(served)
    expect(served).toHaveLength(62)
  })

  it('is valid JSON Schema once nullable is read as a null type', () => {
    const ajv = new Ajv2020({ strict: false })
    const schemas = Object.values(description.components.schemas)
    expect(schemas.length).toBeGreaterThan(1_000)
    const invalid = schemas.filter((schema) => !ajv.validateSchema(JSON.parse(JSON.stringify(schema).replaceAll('"nullable":true', '"x-nullable":true'))))
    expect(invalid).toEqual([])
  })
})

describe('checking an answer against the description', () => {
  const created = 1_798_761_600
  const good = customer({ created, email: 'ann@example.com', name: 'Ann', description: null, metadata: {}, testClock: null })
  const create = operation('POST', '/v1/customers')

  it("accepts the sandbox's customer", () => {
    expect(checkAnswer(create, 200, good, [])).toEqual([])
  })

  it('refuses a field the schema does not have, a missing required field, a wrong type and a value outside an enum', () => {
    expect(checkAnswer(create, 200, { ...good, loyalty_points: 3 }, [])).toEqual(['200 answer / must NOT have additional properties: loyalty_points'])
    const { livemode: _livemode, ...missing } = good
    expect(checkAnswer(create, 200, missing, [])).toEqual(["200 answer / must have required property 'livemode'"])
    expect(checkAnswer(create, 200, { ...good, balance: '0' }, [])).toEqual(['200 answer /balance must be number'])
    expect(checkAnswer(create, 200, { ...good, tax_exempt: 'sometimes' }, [])).toEqual(['200 answer /tax_exempt must be equal to one of the allowed values: ["none","exempt","reverse",null]'])
    expect(checkAnswer(create, 200, { ...good, invoice_settings: { ...good.invoice_settings, footer: 7 } }, [])).toEqual(['200 answer /invoice_settings/footer must be string,null'])
  })

  it('takes an expandable field as its id or its whole object, and wants the object when it was expanded', () => {
    const clock = testClock({ created, frozenTime: created, name: null })
    expect(checkAnswer(create, 200, { ...good, test_clock: clock.id }, [])).toEqual([])
    expect(checkAnswer(create, 200, { ...good, test_clock: clock }, ['test_clock'])).toEqual([])
    expect(checkAnswer(create, 200, { ...good, test_clock: { id: clock.id } }, [])).toContain("200 answer /test_clock must have required property 'object'")
    expect(checkAnswer(create, 200, { ...good, test_clock: clock.id }, ['test_clock'])).toEqual([`expand .test_clock: still an id ("${clock.id}")`])
    const list = operation('GET', '/v1/customers')
    const page = { object: 'list', data: [{ ...good, test_clock: clock.id }], has_more: false, url: '/v1/customers' }
    expect(checkAnswer(list, 200, page, ['data.test_clock'])).toEqual([`expand .data[0].test_clock: still an id ("${clock.id}")`])
  })

  it("checks an error against Stripe's error and its status", () => {
    const missing = operation('GET', '/v1/customers/cus_x')
    const error = {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such customer: 'cus_x'", param: 'id', doc_url: 'https://stripe.com/docs/error-codes/resource-missing' },
    }
    expect(checkAnswer(missing, 404, error, [])).toEqual([])
    expect(checkAnswer(missing, 404, { error: { ...error.error, type: 'not_found' } }, [])[0]).toMatch(/^404 answer \/error\/type must be equal to one of the allowed values/)
    expect(checkAnswer(missing, 404, { message: 'gone' }, [])).toEqual(["404 answer / must have required property 'error'", '404 answer / must NOT have additional properties: message'])
    expect(checkAnswer(missing, 302, {}, [])).toEqual(['status 302: Stripe answers 200 or an error status'])
  })

  it('checks an event by the schema its type names', () => {
    const event = operation('GET', '/v1/events/evt_1')
    const base = { id: 'evt_1', object: 'event', api_version: Stripe.API_VERSION, context: undefined, created, livemode: false, pending_webhooks: 0, request: { id: null, idempotency_key: null } }
    expect(checkAnswer(event, 200, { ...base, type: 'customer.created', data: { object: good } }, [])).toEqual([])
    expect(checkAnswer(event, 200, { ...base, type: 'customer.created', data: { object: { ...good, balance: null } } }, [])).toEqual(['200 answer /data/object/balance must be number'])
    expect(checkAnswer(event, 200, { ...base, type: 'customer.renamed', data: { object: good } }, [])[0]).toMatch(/^200 answer \/type must be equal to one of the allowed values/)
  })
})

describe('checking a request against the description', () => {
  it('reads form values as Stripe does: quantity=2 is an integer, expand[] an array', () => {
    const update = operation('POST', '/v1/subscriptions/sub_1')
    expect(checkRequest(update, { items: [{ id: 'si_1', quantity: '2' }], proration_behavior: 'always_invoice', expand: ['latest_invoice'] })).toEqual([])
    expect(checkRequest(update, { items: [{ id: 'si_1', quantity: 'two' }] })).toEqual(['request /items/0/quantity must be number'])
    expect(checkRequest(update, { proration_behavior: 'sometimes' })[0]).toMatch(/^request \/proration_behavior must be equal to one of the allowed values/)
  })

  it('refuses a parameter the operation does not take, and wants the required ones', () => {
    expect(checkRequest(operation('POST', '/v1/customers'), { email: 'a@example.com', loyalty: 'gold' })).toEqual(['request / must NOT have additional properties: loyalty'])
    expect(checkRequest(operation('POST', '/v1/test_helpers/test_clocks'), { name: 'x' })).toEqual(["request / must have required property 'frozen_time'"])
    expect(checkRequest(operation('GET', '/v1/customers'), { limit: '3', email: 'a@example.com' })).toEqual([])
  })

  it('finds no operation for a path Stripe does not have', () => {
    expect(findOperation('GET', '/v1/customers/cus_1/loyalty')).toBeNull()
    expect(findOperation('DELETE', '/v1/customers')).toBeNull()
    expect(findOperation('POST', '/v1/invoices/create_preview')!.operation.operationId).toBe('invoices.createPreview')
  })
})

describe("the recorder around the sandbox's handler", () => {
  const customers = (status: number, body: unknown) => stripeRecorder(() => Response.json(body, { status }))
  const post = (form: string) => new Request('https://sandbox.test/v1/customers', { method: 'POST', headers: { authorization: 'Bearer sk_test_x' }, body: form })

  it('takes a request outside the description when the sandbox refuses it with a 400, as Stripe does', async () => {
    const refused = { error: { type: 'invalid_request_error', code: 'parameter_unknown', message: 'Received unknown parameter: loyalty', param: 'loyalty' } }
    const recorder = customers(400, refused)
    await recorder.fetch(post('loyalty=gold'))
    expect(recorder.checked.map((entry) => entry.problems)).toEqual([[]])
  })

  it('fails a request outside the description that the sandbox answers as if it were fine', async () => {
    const recorder = customers(200, { id: 'cus_1', object: 'customer' })
    await recorder.fetch(post('loyalty=gold'))
    expect(recorder.checked[0]!.problems).toContain('request / must NOT have additional properties: loyalty')
  })
})
