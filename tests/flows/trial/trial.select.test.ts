import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { trialMachine } from '@/machines/trial.machine'
import { selectTrial } from '@/src/features/my-licenses/trial.select'
import { extendedTrial, startedTrial } from '@/testkit/flows/trial/trial.model'
import { selectedIn } from '@/testkit/selected-in'

type Context = SnapshotFrom<typeof trialMachine>['context']
const trialIn = selectedIn(trialMachine, selectTrial, { trial: null, error: null } satisfies Context)

/** My Licenses' trial notice in each state, and the round of cards it asks for. */
describe('the trial on My Licenses, state by state', () => {
  it('says the trial started, unless a later step failed, and when it was moved', () => {
    expect(trialIn('running', { trial: startedTrial, error: null }).notice).toMatch(/^Your free Commercial Plus trial has started: it ends on /)
    expect(trialIn('running', { trial: startedTrial, error: 'Try again.' }).notice).toBeNull()
    expect(trialIn('extended', { trial: extendedTrial, error: null }).notice).toBe('Your trial now ends on January 15, 2027: it has had its one extension.')
    expect(trialIn('extended', { trial: null, error: null }).notice).toBeNull()
    expect(trialIn('idle', { trial: null, error: null }).notice).toBeNull()
  })

  it('asks for the cards again whenever the trial starts or moves', () => {
    const rounds = [trialIn('idle', { trial: null, error: null }), trialIn('running', { trial: startedTrial, error: null }), trialIn('extended', { trial: extendedTrial, error: null })].map(
      (trial) => trial.cardsRound,
    )
    expect(new Set(rounds).size).toBe(3)
  })
})
