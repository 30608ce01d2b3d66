import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { SeatMailResent } from '../../common/organisation-contract'
import { assignmentMailMachine } from '../../machines/assignment-mail.machine'
import { describePath, planPaths } from '../../testkit/model/paths'
import { assignmentMailModel } from '../../testkit/models/assignment-mail.model'
import { newSeat, ownSeat } from '../../testkit/models/manage-licenses.model'
import { assignmentMailOracle } from '../../testkit/oracles/assignment-mail.oracle'
import { settle } from '../../testkit/settle'
import { replayPath } from '../support/run-paths'

const plan = planPaths(assignmentMailModel)

describe('assignment mail machine: generated paths', () => {
  it('reaches every state and transition', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })
  for (const path of plan.paths) {
    it(`replays ${describePath(path.steps)}`, () =>
      replayPath(assignmentMailMachine, path, { actors: assignmentMailModel.actors, addressees: assignmentMailModel.addressees, serialize: plan.serialize, oracle: assignmentMailOracle }))
  }
})

describe('assignment mail rules', () => {
  it('sends a pending seat’s mail once however often Resend is pressed, and nothing for a seat already bound', async () => {
    const resend = vi.fn((licenseId: string): Promise<SeatMailResent> => Promise.resolve({ licenseId, mail: 'queued' }))
    const mailResent = vi.fn()
    const actor = createActor(
      assignmentMailMachine.provide({ actors: { resendSeatMail: fromPromise(({ input }: { input: { licenseId: string } }) => resend(input.licenseId)) }, actions: { mailResent } }),
      { input: {} },
    ).start()
    actor.send({ type: 'mail.resend', license: ownSeat })
    actor.send({ type: 'mail.resend', license: newSeat })
    actor.send({ type: 'mail.resend', license: newSeat })
    await settle()
    expect(resend.mock.calls).toEqual([[newSeat.id]])
    expect(mailResent).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.notice).toBe('The assignment email was sent again to ada@example.com.')
  })
})
