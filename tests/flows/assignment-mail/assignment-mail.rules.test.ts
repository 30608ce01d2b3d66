import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { SeatMailResent } from '@/common/organisation-contract'
import { assignmentMailMachine } from '@/machines/assignment-mail.machine'
import { answersInTurn } from '@/testkit/answers'
import { signedInAlready } from '@/testkit/flows/assignment-mail/assignment-mail.model'
import { newSeat } from '@/testkit/flows/manage-licenses/manage-licenses.model'
import { addressee } from '@/testkit/addressee'
import { settle } from '@/testkit/settle'

/** A pending seat's Resend (issue 30): Dismiss is on the notice or the refusal, and only while one shows. */
function assignmentMail(answers: (SeatMailResent | Error)[]) {
  const resend = answersInTurn<SeatMailResent, { licenseId: string }>(answers)
  return createActor(assignmentMailMachine.provide({ actors: { resendSeatMail: resend.logic } }), { input: {} }).start()
}

describe('Resend on a pending seat', () => {
  it('tells Recent activity it was given of a mail sent again, and of nothing else', async () => {
    const told: unknown[] = []
    const resend = answersInTurn<SeatMailResent, { licenseId: string }>([{ licenseId: newSeat.id, mail: 'deferred' }, new Error('Not found')])
    const actor = createActor(assignmentMailMachine.provide({ actors: { resendSeatMail: resend.logic } }), { input: { activity: addressee((event) => void told.push(event)) } }).start()
    actor.send({ type: 'mail.resend', license: newSeat })
    await settle()
    actor.send({ type: 'mail.resend', license: newSeat })
    await settle()
    expect(told).toEqual([{ type: 'activity.refresh' }])
  })

  it('offers Dismiss on the notice of a mail sent again, and nothing to dismiss before', async () => {
    const actor = assignmentMail([{ licenseId: newSeat.id, mail: 'queued' }])
    expect(actor.getSnapshot().can({ type: 'notice.dismiss' })).toBe(false)
    actor.send({ type: 'mail.resend', license: newSeat })
    await settle()
    expect(actor.getSnapshot().context.notice).toBe('The assignment email was sent again to ada@example.com.')
    expect(actor.getSnapshot().can({ type: 'notice.dismiss' })).toBe(true)
    actor.send({ type: 'notice.dismiss' })
    expect(actor.getSnapshot().context.notice).toBeNull()
    expect(actor.getSnapshot().can({ type: 'notice.dismiss' })).toBe(false)
  })

  it('offers Dismiss on a refusal, and Dismiss removes it', async () => {
    const actor = assignmentMail([new Error(signedInAlready)])
    actor.send({ type: 'mail.resend', license: newSeat })
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ notice: null, error: signedInAlready })
    expect(actor.getSnapshot().can({ type: 'notice.dismiss' })).toBe(true)
    actor.send({ type: 'notice.dismiss' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})
