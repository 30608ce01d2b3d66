import { expect, it } from 'vitest'
import { describeApi } from '@/tests/support/server/api-fixture'
import { organisationActivity, signIn } from '@/tests/support/server/organisation'

const owner = 'plus@example.com'

describeApi('a seat bound to its person on $name', (api) => {
  const assign = async (email: string) => {
    const answer = await api.call(owner, 'POST', '/licenses/assign', { firstName: 'Hana', lastName: 'Holder', email })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.id as string
  }
  const assigned = async (seatId: string) => ((await api.call(owner, 'GET', '/licenses/assigned')).body as { id: string; pending: boolean }[]).find((seat) => seat.id === seatId)
  const heldBy = async (bearer: string) => ((await api.callWith(bearer, 'GET', '/licenses')).body as { id: string }[]).map((license) => license.id)

  it('shows a seat Pending until its holder first signs in, then binds it to that identity and records it', async () => {
    const seatId = await assign('hana@example.com')
    expect(await assigned(seatId)).toMatchObject({ pending: true })
    const hana = await signIn(api, 'hana@example.com', { oid: 'oid-hana-github' })
    expect(await assigned(seatId)).toMatchObject({ pending: false })
    expect(await heldBy(hana)).toEqual([seatId])
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'seat-bound', actor: { email: 'hana@example.com' }, subjectEmail: 'hana@example.com', priceId: 'commercial-plus' })
  })

  it('gives another identity with the same email nothing of the seat, and shows the owner the conflict once', async () => {
    const [seat] = await api.db.query<{ id: string }>("select id from seats where assignee_email = 'hana@example.com'")
    const other = await signIn(api, 'hana@example.com', { oid: 'oid-hana-microsoft' })
    expect(await heldBy(other)).toEqual([])
    expect((await api.callWith(other, 'POST', `/licenses/${seat!.id}/regenerate-key`)).status).toBe(404)
    expect(await api.callWith(other, 'POST', '/discord/connect', { discordName: 'hana.other' })).toMatchObject({ status: 403 })
    expect((await organisationActivity(api, owner))[0]).toMatchObject({ kind: 'seat-refused', actor: { email: 'hana@example.com' }, subjectEmail: 'hana@example.com' })
    await signIn(api, 'hana@example.com', { oid: 'oid-hana-microsoft' })
    const refusals = (await organisationActivity(api, owner)).filter((entry) => entry.kind === 'seat-refused')
    expect(refusals, 'one line per seat and identity, however often it signs in').toHaveLength(1)
    // The bound identity keeps its key and its Discord.
    const bound = await api.token('hana@example.com', { oid: 'oid-hana-github' })
    expect((await api.callWith(bound, 'POST', `/licenses/${seat!.id}/regenerate-key`)).status).toBe(200)
    expect((await api.callWith(bound, 'POST', '/discord/connect', { discordName: 'hana.h' })).status).toBe(200)
  })

  it('binds nothing to an email the tenant says is not verified, or does not say is (unless it verifies every address)', async () => {
    const seatId = await assign('uma@example.com')
    const unverified = await signIn(api, 'uma@example.com', { oid: 'oid-uma', claims: { email_verified: false } })
    expect(await assigned(seatId)).toMatchObject({ pending: true })
    expect(await heldBy(unverified)).toEqual([])
    const unsaid = await signIn(api, 'uma@example.com', { oid: 'oid-uma', claims: { email_verified: undefined } })
    expect(await assigned(seatId)).toMatchObject({ pending: true })
    expect(await heldBy(unsaid)).toEqual([])
    const verified = await signIn(api, 'uma@example.com', { oid: 'oid-uma', claims: { email_verified: true } })
    expect(await assigned(seatId)).toMatchObject({ pending: false })
    expect(await heldBy(verified)).toEqual([seatId])
  })

  it('frees the binding with the seat: its next holder binds it anew', async () => {
    const [seat] = await api.db.query<{ id: string }>("select id from seats where assignee_email = 'uma@example.com'")
    expect((await api.call(owner, 'POST', '/licenses/unassign', { licenseId: seat!.id })).status).toBe(200)
    const again = await assign('uma@example.com')
    expect(await assigned(again)).toMatchObject({ pending: true })
  })

  it("sends a pending seat's mail again ('Resend'), refuses a bound seat in words, and knows no other organisation's seat", async () => {
    const [uma] = await api.db.query<{ id: string }>("select id from seats where assignee_email = 'uma@example.com'")
    expect((await api.call(owner, 'POST', '/licenses/unassign', { licenseId: uma!.id })).status).toBe(200)
    const seatId = await assign('rita@example.com')
    const resent = await api.call(owner, 'POST', `/licenses/${seatId}/resend`)
    expect(resent, 'the first message still waits: the resend takes its place').toMatchObject({ status: 200, body: { licenseId: seatId, mail: 'replaced' } })
    expect(await api.db.query("select 1 from mail_outbox where recipient = 'rita@example.com'")).toHaveLength(1)
    const [hana] = await api.db.query<{ id: string }>("select id from seats where assignee_email = 'hana@example.com'")
    expect(await api.call(owner, 'POST', `/licenses/${hana!.id}/resend`)).toMatchObject({
      status: 409,
      body: { message: 'hana@example.com has signed in already: the license is theirs, and there is nothing to send again.' },
    })
    expect(await api.call('commercial@example.com', 'POST', `/licenses/${seatId}/resend`)).toMatchObject({ status: 404, body: { message: 'The license was not found.' } })
  })
})
