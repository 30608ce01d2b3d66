import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { Account, ProfileFields } from '@/common/contract'
import { profileMachine } from '@/machines/profile.machine'
import { answersInTurn } from '@/testkit/answers'
import { profileFields } from '@/testkit/flows/profile/profile.model'
import { account } from '@/testkit/flows/session/session.model'
import { addressee } from '@/testkit/addressee'
import { settle } from '@/testkit/settle'

/** The Profile page (spec section 2): what is sent on Update Profile, who hears of it, and the notices. */
const connectionProblem = 'There was a problem connecting to the server. Please try again.'
const unprocessable = "The information provided couldn't be processed. Please check your entries and try again."
const fabrikam: ProfileFields = { ...profileFields, companyName: 'Fabrikam' }
const saved: Account = { ...account, companyName: 'Fabrikam' }

function profile(loads: (Account | Error)[], saves: (Account | Error)[] = []) {
  const load = answersInTurn<Account>(loads)
  const save = answersInTurn<Account, ProfileFields>(saves)
  const announced: Account[] = []
  const actor = createActor(
    profileMachine.provide({
      actors: { loadProfile: load.logic, saveProfile: save.logic },
      actions: { announceAccount: (_, params) => void announced.push(params.account) },
    }),
    { input: {} },
  ).start()
  return { actor, loads: load.asked, saves: save.asked, announced }
}

describe('Profile', () => {
  it('loads the profile again on Try again after a failed load', async () => {
    const { actor, loads } = profile([new Error(connectionProblem), account])
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    actor.send({ type: 'profile.reload' })
    await settle()
    expect(loads).toHaveLength(2)
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toEqual({ account, error: null, saved: false })
  })

  it('sends the fields typed, and tells the rest of the account area the saved account', async () => {
    const { actor, saves, announced } = profile([account], [saved])
    await settle()
    actor.send({ type: 'profile.save', fields: fabrikam })
    await settle()
    expect(saves).toEqual([fabrikam])
    expect(announced).toEqual([saved])
    expect(actor.getSnapshot().context).toEqual({ account: saved, error: null, saved: true })
  })

  it('dismisses the confirmation after a save, and the message after a refused one', async () => {
    const { actor } = profile([account], [saved, new Error(unprocessable)])
    await settle()
    actor.send({ type: 'profile.save', fields: fabrikam })
    await settle()
    actor.send({ type: 'notice.dismiss' })
    expect(actor.getSnapshot().context.saved).toBe(false)
    actor.send({ type: 'profile.save', fields: fabrikam })
    await settle()
    expect(actor.getSnapshot().context.error).toBe(unprocessable)
    actor.send({ type: 'notice.dismiss' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('tells the session it was given the saved account, which its user menu shows', async () => {
    const told: Account[] = []
    const session = addressee<{ type: 'account.changed'; account: Account }>((event) => void told.push(event.account))
    const actor = createActor(profileMachine.provide({ actors: { loadProfile: answersInTurn<Account>([account]).logic, saveProfile: answersInTurn<Account, ProfileFields>([saved]).logic } }), {
      input: { session },
    }).start()
    await settle()
    actor.send({ type: 'profile.save', fields: fabrikam })
    await settle()
    expect(told).toEqual([saved])
  })
})
