import { expect, it } from 'vitest'
import { migrate } from '@/server/db/migrations'
import { createStandings, readStanding } from '@/server/organisations/standing'
import { countingDatabase } from '@/tests/support/server/counting-database'
import { describeOnEachDatabase } from '@/tests/support/server/database'
import { openPostgres } from '@/server/db/postgres'
import { untilSettledOrWaiting } from '@/tests/support/server/turns'

/**
 * Each person's standing is kept in the instance's memory, so a permission costs no round trip
 * once known; a change of memberships anywhere makes every instance forget (decision 0024).
 */
describeOnEachDatabase(
  'standings kept in memory on $name',
  {
    start: async (open) => {
      const db = await open()
      await migrate(db)
      await db.query("insert into accounts (oid, email) values ('org', 'org@example.com'), ('bea', 'bea@example.com'), ('solo', 'solo@example.com') on conflict do nothing")
      return db
    },
    stop: (db) => db.close(),
  },
  (db, database) => {
    it('reads an account with no member rows as the implicit owner of its own organisation, a member as theirs, and a founder who left as none', async () => {
      expect(await readStanding(db, 'solo')).toEqual({ organisation: 'solo', role: 'owner', personal: true })
      await db.query("insert into memberships (member_oid, org_oid, role) values ('bea', 'org', 'billing-manager')")
      expect(await readStanding(db, 'bea')).toEqual({ organisation: 'org', role: 'billing-manager', personal: false })
      expect(await readStanding(db, 'org'), 'the founder who left the organisation their account keys').toEqual({ organisation: null, role: null, personal: false })
      await db.query("insert into memberships (member_oid, org_oid, role) values ('org', 'org', 'owner')")
      expect(await readStanding(db, 'org')).toEqual({ organisation: 'org', role: 'owner', personal: false })
    })

    it('costs one statement the first time, none after', async () => {
      const counting = countingDatabase(db)
      const standings = createStandings(counting.db)
      expect((await counting.during(() => standings.of('bea'))).counted.statements).toBe(1)
      expect((await counting.during(() => standings.of('bea'))).counted.statements).toBe(0)
      await standings.stop()
    })

    it("forgets on another instance's change once the notification arrives, and never keeps a read that began before a change", async () => {
      const here = createStandings(db, { listen: true })
      const there = createStandings(db, { listen: true })
      await Promise.all([here.ready, there.ready])
      try {
        expect(await there.of('bea')).toMatchObject({ role: 'billing-manager' })
        await db.transaction(async (tx) => {
          await tx.query("update memberships set role = 'seat-manager' where member_oid = 'bea'")
          await tx.query("select pg_notify('memberships_changed', '')")
        })
        here.forget()
        await expect.poll(() => there.of('bea'), { timeout: 5000 }).toMatchObject({ role: 'seat-manager' })
        // A read that began before a change is answered but not kept.
        const reading = here.of('solo')
        here.forget()
        await reading
        const counting = countingDatabase(db)
        const again = createStandings(counting.db)
        expect((await counting.during(() => again.of('solo'))).counted.statements).toBe(1)
      } finally {
        await here.stop()
        await there.stop()
      }
    })

    it('keeps a standing no longer than its bound, though no notification comes', async () => {
      await db.query("insert into accounts (oid, email) values ('cy', 'cy@example.com') on conflict do nothing")
      await db.query("insert into memberships (member_oid, org_oid, role) values ('cy', 'org', 'owner')")
      let clock = 0
      const counting = countingDatabase(db)
      const standings = createStandings(counting.db, { maxAgeMs: 2000, now: () => clock })
      expect(await standings.of('cy')).toMatchObject({ organisation: 'org', role: 'owner' })
      // Removed where this instance does not hear of it (no notification).
      await db.query("delete from memberships where member_oid = 'cy'")
      clock = 1999
      expect((await counting.during(() => standings.of('cy'))).counted.statements, 'within the bound: kept').toBe(0)
      clock = 2000
      expect(await standings.of('cy')).toEqual({ organisation: 'cy', role: 'owner', personal: true })
      await standings.stop()
    })

    it("reads the standing again in a change's transaction, and forgets every standing it kept when that differs", async () => {
      await db.query("insert into accounts (oid, email) values ('dee', 'dee@example.com') on conflict do nothing")
      await db.query("insert into memberships (member_oid, org_oid, role) values ('dee', 'org', 'owner')")
      const counting = countingDatabase(db)
      const standings = createStandings(counting.db)
      await standings.of('dee')
      await standings.of('bea')
      await db.query("update memberships set role = 'seat-manager' where member_oid = 'dee'")
      const confirmed = await db.transaction((tx) => standings.confirm(tx, 'dee'))
      expect(confirmed).toEqual({ organisation: 'org', role: 'seat-manager', personal: false })
      // A change it did not hear of: nothing it kept is trusted.
      expect((await counting.during(() => standings.of('bea'))).counted.statements).toBe(1)
      expect(await standings.of('dee')).toMatchObject({ role: 'seat-manager' })
      await standings.stop()
    })

    it.runIf(database.name === 'PostgreSQL')('holds the membership it read for a change until that change commits: a removal meanwhile waits for it', async () => {
      await db.query("insert into accounts (oid, email) values ('eve', 'eve@example.com') on conflict do nothing")
      await db.query("insert into memberships (member_oid, org_oid, role) values ('eve', 'org', 'owner')")
      const standings = createStandings(db)
      // Another instance's connection, on the same schema.
      const [{ schema }] = (await db.query<{ schema: string }>('select current_schema() as schema')) as [{ schema: string }]
      const other = await openPostgres(process.env.TEST_DATABASE_URL!, { schema })
      try {
        let removed = false
        const removal = await db.transaction(async (tx) => {
          expect(await standings.confirm(tx, 'eve')).toMatchObject({ role: 'owner' })
          const [{ pid }] = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')) as [{ pid: number }]
          // Removed by another instance while the change is under way: it waits for the change, or (without the lock) is done.
          const removing = other.query("delete from memberships where member_oid = 'eve' returning member_oid")
          void removing.then(
            () => (removed = true),
            () => (removed = true),
          )
          const waitsForChange = async () => (await db.query<{ n: number }>('select count(*)::integer as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [pid]))[0]!.n > 0
          await untilSettledOrWaiting(removing, waitsForChange)
          expect(removed, 'the removal waits for the change').toBe(false)
          return { removing }
        })
        expect(await removal.removing).toEqual([{ member_oid: 'eve' }])
      } finally {
        await other.close()
        await standings.stop()
      }
    })
  },
)
