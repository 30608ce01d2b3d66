import type { EventObject } from 'xstate'
import type { RegeneratedKey } from '@/common/contract'
/** The seat whose key is made new, as the page names it (declared here: the reference shares no type with the machine). */
type RotationSeat = { licenseId: string; holderName: string; holderEmail: string }
import { answerOf, shownMessage, toldOnAnswer, type Oracle } from '@/testkit/model/oracle'

/** What key rotation holds: the seat asked about, the new key, the message. */
export interface KeyRotationHeld {
  seat: RotationSeat | null
  licenseKey: string | null
  error: string | null
}

const nothing: KeyRotationHeld = { seat: null, licenseKey: null, error: null }

/**
 * Key rotation (our addition): a request naming a seat asks for confirmation; confirmed, one
 * request is sent; the new key shows, or the failure with Try again. Cancel forgets it all, and
 * after a new key another rotation may be asked for. A request naming no seat is refused.
 */
export const keyRotationOracle: Oracle<void, KeyRotationHeld> = {
  start: () => ({ state: 'keyRotation.idle', held: nothing }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, { regenerateKey: 'keyRotation.regenerating' })
    if (answer) {
      if (!answer.awaited) return now
      return answer.done
        ? { state: 'keyRotation.done', held: { ...now.held, licenseKey: (answer.output as RegeneratedKey).licenseKey } }
        : { state: 'keyRotation.failed', held: { ...now.held, error: shownMessage(answer.error) } }
    }
    const seat = (event as EventObject & { seat?: RotationSeat }).seat
    switch (`${now.state} ${event.type}`) {
      case 'keyRotation.idle rotation.request':
      case 'keyRotation.done rotation.request':
        return seat && seat.licenseId.trim() !== '' ? { state: 'keyRotation.confirming', held: { ...nothing, seat } } : now
      case 'keyRotation.confirming rotation.confirm':
        return { state: 'keyRotation.regenerating', held: now.held }
      case 'keyRotation.failed rotation.retry':
        return { state: 'keyRotation.regenerating', held: { ...now.held, error: null } }
      case 'keyRotation.confirming rotation.close':
      case 'keyRotation.failed rotation.close':
      case 'keyRotation.done rotation.close':
        return { state: 'keyRotation.idle', held: nothing }
      default:
        return now
    }
  },
  // The new key reaches the licenses list and the key dialog (My Licenses), and Recent activity (Manage Licenses).
  tells: (now, event) =>
    toldOnAnswer(event, now.state, { regenerateKey: 'keyRotation.regenerating' }, 'regenerateKey', (output) => {
      const { licenseId, licenseKey } = output as RegeneratedKey
      return [
        { to: 'licenses', event: { type: 'license.keyRegenerated', licenseId, licenseKey } },
        { to: 'keyDialog', event: { type: 'key.regenerated', licenseKey } },
        { to: 'activity', event: { type: 'activity.refresh' } },
      ]
    }),
}
