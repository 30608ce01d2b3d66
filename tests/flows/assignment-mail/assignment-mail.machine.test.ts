import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { SeatMailResent } from '@/common/organisation-contract'
import { assignmentMailMachine } from '@/machines/assignment-mail.machine'
import { newSeat, ownSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { settle } from '@/testkit/settle'

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
