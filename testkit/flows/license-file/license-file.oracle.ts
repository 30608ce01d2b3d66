import type { EventObject } from 'xstate'
import { answerOf, shownMessage, type Oracle } from '@/testkit/model/oracle'

/** What the download holds: the seat whose file is coming (licenseId), and why the last download failed, until dismissed or asked again. */
export interface LicenseFileHeld {
  licenseId: string | null
  error: string | null
}

/**
 * 'Download license file' (issue 47): one request a press, for the seat pressed, the file saved as
 * it came; no second download while one is coming; a failure said in words with Dismiss until
 * dismissed or a download is asked again.
 */
export const licenseFileOracle: Oracle<void, LicenseFileHeld> = {
  start: () => ({ state: 'licenseFile.idle', held: { licenseId: null, error: null } }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, { downloadLicenseFile: 'licenseFile.downloading' })
    if (answer) {
      if (!answer.awaited) return now
      return { state: 'licenseFile.idle', held: { licenseId: null, error: answer.done ? null : shownMessage(answer.error) } }
    }
    if (now.state !== 'licenseFile.idle') return now
    if (event.type === 'file.download') return { state: 'licenseFile.downloading', held: { licenseId: (event as EventObject & { licenseId: string }).licenseId, error: null } }
    if (event.type === 'error.dismiss') return { state: now.state, held: { ...now.held, error: null } }
    return now
  },
}
