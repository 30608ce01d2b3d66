import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '@/server/db/database'
import { openPostgres } from '@/server/db/postgres'
import { permissions } from '@/server/organisations/roles'
import { callInstance, startInstance, type Instance } from '@/tests/support/server/instances'
import { useProductionStack } from '@/tests/support/server/production-stack'
import { startSilencingProxy } from '@/tests/support/server/silencing-proxy'

const databaseUrl = process.env.TEST_DATABASE_URL
/** The bound the instances keep a role for (ROLE_CACHE_SECONDS), small for the test. */
const boundMs = 500
/** What a refusal may take beyond the bound on a busy machine: a request, and the poll's step. */
const slackMs = 2500
const people = {
  owner: { oid: 'roles-owner', email: 'olga@roles.example.com' },
  removed: { oid: 'roles-removed', email: 'rex@roles.example.com' },
  ally: { oid: 'roles-ally', email: 'ally@roles.example.com' },
  silenced: { oid: 'roles-silenced', email: 'sid@roles.example.com' },
}
type Who = keyof typeof people

/**
 * Two production instances on one PostgreSQL, the second (`there`) with a name of its own in
 * pg_stat_activity and its connections through a proxy that can silence its listener: a person
 * removed through the first is refused through the second, whatever became of the notification
 * (issue 48, decision 0040).
 */
describe.skipIf(!databaseUrl)('roles across two instances on one PostgreSQL', () => {
  const stack = useProductionStack('roles', { settings: () => ({ ROLE_CACHE_SECONDS: String(boundMs / 1000) }) })
  const applicationName = `roles_there_${Date.now()}`
  let proxy: Awaited<ReturnType<typeof startSilencingProxy>>
  let there: Instance
  let db: Database

  const call = async (instance: Instance, who: Who, method: string, path: string, body?: unknown) => callInstance(instance.url, await stack.tenant.token(people[who]), method, path, body)
  const membersOf = async () => (await call(stack.instance, 'owner', 'GET', '/organisation')).body.members as { email: string; role: string }[]
  /** Makes the person an owner of Olga's organisation, as an accepted invitation would (its own tests are elsewhere). */
  const addMember = (who: Who, role: string) =>
    db.transaction(async (tx) => {
      await tx.query('insert into memberships (member_oid, org_oid, role) values ($1, $2, $3)', [people[who].oid, people.owner.oid, role])
      await tx.query("select pg_notify('memberships_changed', '')")
    })

  /** SQL: the other instance's listener for changes of memberships. */
  const theirListenerSql = "from pg_stat_activity where application_name = $1 and query = 'listen memberships_changed'"
  const theyListen = async () => (await db.query(`select pid ${theirListenerSql}`, [applicationName])).length

  beforeAll(async () => {
    const server = new URL(databaseUrl!)
    proxy = await startSilencingProxy({ host: server.hostname, port: Number(server.port) })
    const address = new URL(proxy.through(stack.env.DATABASE_URL!))
    address.searchParams.set('application_name', applicationName)
    there = await startInstance({ ...stack.env, DATABASE_URL: address.toString() })
    db = await openPostgres(stack.env.DATABASE_URL!)
    for (const who of Object.keys(people) as Who[]) {
      const { oid, email } = people[who]
      expect((await call(stack.instance, who, 'POST', '/auth/login', { firstName: who, lastName: 'Roles', email, oid })).status).toBe(200)
    }
    await addMember('owner', 'owner')
    await addMember('removed', 'owner')
    await addMember('ally', 'seat-manager')
  }, 60_000)
  afterAll(async () => {
    await there?.stop()
    await db?.close()
    await proxy?.close()
  })

  it("refuses at once a removed owner's change through the other instance, whose listener's backend was ended meanwhile", async () => {
    expect((await call(there, 'removed', 'GET', '/organisation/invitations')).status, 'an owner, as the other instance keeps him').toBe(200)
    const [ended] = await db.query<{ ended: boolean }>(`select pg_terminate_backend(pid) as ended ${theirListenerSql}`, [applicationName])
    expect(ended?.ended).toBe(true)
    expect((await call(stack.instance, 'owner', 'DELETE', `/organisation/members/${people.removed.oid}`)).status).toBe(204)

    // He promotes his accomplice through the other instance. Refused either way: 403 while that
    // instance still keeps him as an owner (the change's statement reads his role again), 404 when its
    // listener came back first and it knows him as no member of Olga's organisation. That the statement
    // alone refuses him is pinned by tests/server/api/roles-kept-elsewhere.test.ts, whose instance never hears.
    const promotion = await call(there, 'removed', 'PUT', `/organisation/members/${people.ally.oid}`, { role: 'owner' })
    expect([403, 404], JSON.stringify(promotion)).toContain(promotion.status)
    expect((await membersOf()).map((member) => [member.email, member.role])).toEqual([
      [people.owner.email, 'owner'],
      [people.ally.email, 'seat-manager'],
    ])
    // What he reads there is his own organisation again, no longer Olga's.
    await expect
      .poll(async () => (await call(there, 'removed', 'GET', '/organisation')).body, { timeout: boundMs + slackMs, interval: 50 })
      .toMatchObject({ personal: true, members: [{ email: people.removed.email }] })
    // The other instance listens again, saying so, without a secret in what it says.
    await expect.poll(() => there.lines.some((line) => line.msg === 'database notifications back' && line.channel === 'memberships_changed'), { timeout: 5_000 }).toBe(true)
    const lost = there.lines.find((line) => line.msg === 'database notifications lost: listening again' && line.channel === 'memberships_changed')
    expect(lost).toMatchObject({ level: 40, reason: expect.stringMatching(/^(error|ended)$/) })
    expect(JSON.stringify(there.lines)).not.toContain(stack.env.DATABASE_URL!)
  })

  it("refuses a demoted owner an owner's reads through the other instance within the bound, though its listener was silenced and nothing tells it", async () => {
    await expect.poll(theyListen, { timeout: 5_000 }).toBe(1)
    await addMember('silenced', 'owner')
    await expect.poll(async () => (await call(there, 'silenced', 'GET', '/organisation/invitations')).status, { timeout: 5_000, interval: 50 }).toBe(200)
    expect(proxy.silence('listen memberships_changed'), "the other instance's listener").toBe(1)
    expect((await call(stack.instance, 'owner', 'PUT', `/organisation/members/${people.silenced.oid}`, { role: 'seat-manager' })).status).toBe(200)
    const demotedAt = Date.now()
    await expect
      .poll(async () => await call(there, 'silenced', 'GET', '/organisation/invitations'), { timeout: boundMs + slackMs, interval: 50 })
      .toMatchObject({ status: 403, body: { message: permissions.members.refusal } })
    expect(Date.now() - demotedAt).toBeLessThan(boundMs + slackMs)
  })
})
