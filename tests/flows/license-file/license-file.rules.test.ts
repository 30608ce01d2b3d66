import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { licenseFileMachine } from '@/machines/license-file.machine'
import { answersInTurn } from '@/testkit/answers'
import { fileFailure, licenseFile, seatId } from '@/testkit/flows/license-file/license-file.model'
import { settle } from '@/testkit/settle'

/** 'Download license file': one download at a time, for the seat asked; a failure's message stays until dismissed. */
describe('Download license file', () => {
  it('asks for the seat pressed, once however often it is pressed, and saves what came', async () => {
    const download = answersInTurn<string, { licenseId: string }>([licenseFile])
    const saved: string[] = []
    const actor = createActor(licenseFileMachine.provide({ actors: { downloadLicenseFile: download.logic }, actions: { saveFile: (_, params) => saved.push(params.file) } })).start()
    actor.send({ type: 'file.download', licenseId: seatId })
    actor.send({ type: 'file.download', licenseId: 'seat_other' })
    expect(actor.getSnapshot().context.licenseId).toBe(seatId)
    await settle()
    expect(download.asked).toEqual([{ licenseId: seatId }])
    expect(saved).toEqual([licenseFile])
    expect(actor.getSnapshot().context.licenseId).toBeNull()
  })

  it('offers Dismiss only while a failure is said, and Dismiss removes the message', async () => {
    const download = answersInTurn<string, { licenseId: string }>([new Error(fileFailure), licenseFile])
    const actor = createActor(licenseFileMachine.provide({ actors: { downloadLicenseFile: download.logic } })).start()
    expect(actor.getSnapshot().can({ type: 'error.dismiss' })).toBe(false)
    actor.send({ type: 'file.download', licenseId: seatId })
    await settle()
    expect(actor.getSnapshot().context.error).toBe(fileFailure)
    expect(actor.getSnapshot().can({ type: 'error.dismiss' })).toBe(true)
    actor.send({ type: 'error.dismiss' })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().can({ type: 'error.dismiss' })).toBe(false)
  })
})
