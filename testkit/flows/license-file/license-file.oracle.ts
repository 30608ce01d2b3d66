import type { EventObject } from 'xstate'
import { answerOf, onAnswer, shownMessage, type Oracle, type Relation } from '@/testkit/model/oracle'

/** What the download holds: the seat whose file is coming (licenseId), and why the last download failed, until dismissed or asked again. */
export interface LicenseFileHeld {
  licenseId: string | null
  error: string | null
}

/** Where 'Download license file' stands, in issue 47's words. */
const said = { ready: 'a license file to download', coming: 'the license file coming' } as const
/** The states of machines/license-file.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = { [said.ready]: 'licenseFile.idle', [said.coming]: 'licenseFile.downloading' } satisfies Relation
const awaitedIn = { downloadLicenseFile: said.coming }
/** The license file that came is saved by the browser as it came (an effect: decision 0076). */
export const savesLicenseFile = (file: string) => `the license file saved as it came: ${file}`

/**
 * 'Download license file' (issue 47): one request a press, for the seat pressed, the file saved as
 * it came; no second download while one is coming; a failure said in words with Dismiss until
 * dismissed or a download is asked again.
 */
export const licenseFileOracle: Oracle<void, LicenseFileHeld> = {
  relation,
  start: () => ({ state: said.ready, held: { licenseId: null, error: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      return { state: said.ready, held: { licenseId: null, error: answer.done ? null : shownMessage(answer.error) } }
    }
    if (now.state !== said.ready) return now
    if (event.type === 'file.download') return { state: said.coming, held: { licenseId: (event as EventObject & { licenseId: string }).licenseId, error: null } }
    if (event.type === 'error.dismiss') return { state: now.state, held: { ...now.held, error: null } }
    return now
  },
  effects: (now, event) => onAnswer(event, now.state, awaitedIn, 'downloadLicenseFile', (file) => [savesLicenseFile(file as string)]),
}
