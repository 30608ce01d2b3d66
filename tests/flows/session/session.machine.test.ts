import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { sessionMachine } from '@/machines/session.machine'
import { account, identity } from '@/testkit/flows/session/session.model'
import { plusLicense } from '@/testkit/flows/my-licenses/my-licenses.model'
import { personalOrganisation } from '@/testkit/organisations'
import { settle } from '@/testkit/settle'

describe('session machine', () => {
  const loadOrganisation = fromPromise<typeof personalOrganisation, void>(() => Promise.resolve(personalOrganisation))

  it('loads the account with the identity of the ID token, and the organisation beside it', async () => {
    const loadAccount = vi.fn(async (_identity: typeof identity) => account)
    const actor = createActor(sessionMachine.provide({ actors: { loadAccount: fromPromise(({ input }) => loadAccount(input)), loadOrganisation } }), { input: { identity } }).start()
    await settle()
    expect(loadAccount).toHaveBeenCalledWith(identity)
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context).toMatchObject({ account, organisation: personalOrganisation })
  })

  it("sends the user to '/' once when the account or the organisation cannot load [S4.session.load]", async () => {
    const loadAccount = fromPromise<typeof account, typeof identity>(async () => account)
    const accountDown = fromPromise<typeof account, typeof identity>(() => Promise.reject(new Error('down')))
    const organisationDown = fromPromise<typeof personalOrganisation, void>(() => Promise.reject(new Error('down')))
    for (const actors of [
      { loadAccount: accountDown, loadOrganisation },
      { loadAccount, loadOrganisation: organisationDown },
      { loadAccount: accountDown, loadOrganisation: organisationDown },
    ]) {
      const goHome = vi.fn()
      createActor(sessionMachine.provide({ actors, actions: { goHome } }), { input: { identity } }).start()
      await settle()
      expect(goHome).toHaveBeenCalledTimes(1)
    }
  })

  it('drops a first page that answers after My Licenses was left: a later visit loads its own', async () => {
    let answer: (licenses: (typeof plusLicense)[]) => void = () => {}
    const loadLicenses = fromPromise<(typeof plusLicense)[], void>(() => new Promise((resolve) => (answer = resolve)))
    const loadAccount = fromPromise<typeof account, typeof identity>(async () => account)
    const actor = createActor(sessionMachine.provide({ actors: { loadAccount, loadOrganisation, loadLicenses } }), { input: { identity, opensOnLicenses: true } }).start()
    await settle()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.firstLicenses).toBe('loading')
    actor.send({ type: 'licenses.taken' })
    answer([plusLicense])
    await settle()
    expect(actor.getSnapshot().context.firstLicenses, 'the late first page').toBeNull()
  })
})
