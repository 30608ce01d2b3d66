import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { describeTally, tallyOf, tallyOfFile } from '@/scripts/stripe-openapi-tally'
import { stripeRecorder } from '@/tests/support/server/stripe-openapi/recorder'

/** A customer as the description has it, but for the field Stripe does not have. */
const customerAnswer = (status: number, body: unknown) => stripeRecorder(() => Response.json(body, { status }))
const post = (form: string) => new Request('https://sandbox.test/v1/customers', { method: 'POST', headers: { authorization: 'Bearer sk_test_x' }, body: form })

describe("npm test's figure of the exchanges checked against Stripe's API description", () => {
  const runReport = process.env.STRIPE_OPENAPI_REPORT
  const folder = mkdtempSync(join(tmpdir(), 'openapi-tally-'))
  afterEach(() => {
    // The run's own report is the one npm test reads: this test writes to a file of its own.
    if (runReport === undefined) delete process.env.STRIPE_OPENAPI_REPORT
    else process.env.STRIPE_OPENAPI_REPORT = runReport
    rmSync(folder, { recursive: true, force: true })
  })

  it("counts what the recorder checked, by operation, the deliveries apart, and the disagreements the recorder's tests fail on", async () => {
    const file = join(folder, 'report.ndjson')
    process.env.STRIPE_OPENAPI_REPORT = file
    const refused = customerAnswer(400, { error: { type: 'invalid_request_error', code: 'parameter_unknown', message: 'Received unknown parameter: loyalty', param: 'loyalty' } })
    await refused.fetch(post('loyalty=gold'))
    await refused.fetch(post('loyalty=silver'))
    refused.assertAgreed()
    const accepted = customerAnswer(200, { id: 'cus_1', object: 'customer' })
    await accepted.fetch(post('loyalty=gold'))
    expect(() => accepted.assertAgreed()).toThrow("The sandbox and Stripe's API description disagree (1 exchanges)")

    const tally = tallyOfFile(file)
    expect(tally).toEqual({ exchanges: 3, operations: 1, deliveries: 0, disagreed: 1 })
    expect(describeTally(tally).failure).toBe("1 exchanges disagreed with Stripe's API description")
  })

  it('says how many exchanges and operations were validated, and fails a run that checked none', () => {
    const line = (operation: string | null, problems = 0) => JSON.stringify({ operation, status: 200, problems })
    const report = [line('PostCustomers'), line('PostCustomers'), line('GetCustomersCustomer'), line('webhook event'), line(null)].join('\n')
    const tally = tallyOf(`${report}\n`)
    expect(tally).toEqual({ exchanges: 3, operations: 2, deliveries: 1, disagreed: 0 })
    expect(describeTally(tally)).toEqual({ line: "Stripe's API description: 3 exchanges validated, of 2 of the sandbox's 62 operations, and 1 webhook deliveries", failure: null })
    expect(describeTally(tallyOfFile(join(folder, 'never-written.ndjson'))).failure).toBe("no exchange with the payment sandbox was checked against Stripe's API description")
  })
})
