import type { EventObject } from 'xstate'
import type { RegeneratedKey } from '@/common/contract'
import { answerOf, shownMessage, onAnswer, type Oracle, type Relation } from '@/testkit/model/oracle'

/** The seat whose key is made new, as the page names it (declared here: the reference shares no type with the machine). */
type RotationSeat = { licenseId: string; holderName: string; holderEmail: string }

/** What key rotation holds: the seat asked about, the new key, the message. */
export interface KeyRotationHeld {
  seat: RotationSeat | null
  licenseKey: string | null
  error: string | null
}

/** Where key rotation stands, in issue 15's words ('Regenerate key', its confirmation, the new key). */
const said = {
  asIs: 'the key as it is',
  confirming: 'a new key asked for, the confirmation shown',
  regenerating: 'the new key being made',
  failed: 'the new key not made, the old one still working',
  done: 'the new key shown',
} as const
const k = 'keyRotation'
/** The states of machines/key-rotation.machine.ts that realise each of the oracle's (decision 0061). */
export const relation = {
  [said.asIs]: `${k}.idle`,
  [said.confirming]: `${k}.confirming`,
  [said.regenerating]: `${k}.regenerating`,
  [said.failed]: `${k}.failed`,
  [said.done]: `${k}.done`,
} satisfies Relation
const awaitedIn = { regenerateKey: said.regenerating }
const nothing: KeyRotationHeld = { seat: null, licenseKey: null, error: null }

/**
 * Key rotation (our addition): a request naming a seat asks for confirmation; confirmed, one
 * request is sent; the new key shows, or the failure with Try again. Cancel forgets it all, and
 * after a new key another rotation may be asked for. A request naming no seat is refused.
 */
export const keyRotationOracle: Oracle<void, KeyRotationHeld> = {
  relation,
  start: () => ({ state: said.asIs, held: nothing }),
  after: (now, event) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      return answer.done
        ? { state: said.done, held: { ...now.held, licenseKey: (answer.output as RegeneratedKey).licenseKey } }
        : { state: said.failed, held: { ...now.held, error: shownMessage(answer.error) } }
    }
    const seat = (event as EventObject & { seat?: RotationSeat }).seat
    switch (`${now.state} ${event.type}`) {
      case `${said.asIs} rotation.request`:
      case `${said.done} rotation.request`:
        return seat && seat.licenseId.trim() !== '' ? { state: said.confirming, held: { ...nothing, seat } } : now
      case `${said.confirming} rotation.confirm`:
        return { state: said.regenerating, held: now.held }
      case `${said.failed} rotation.retry`:
        return { state: said.regenerating, held: { ...now.held, error: null } }
      case `${said.confirming} rotation.close`:
      case `${said.failed} rotation.close`:
      case `${said.done} rotation.close`:
        return { state: said.asIs, held: nothing }
      default:
        return now
    }
  },
  // The new key reaches the licenses list and the key dialog (My Licenses), and Recent activity (Manage Licenses).
  tells: (now, event) =>
    onAnswer(event, now.state, awaitedIn, 'regenerateKey', (output) => {
      const { licenseId, licenseKey } = output as RegeneratedKey
      return [
        { to: 'licenses', event: { type: 'license.keyRegenerated', licenseId, licenseKey } },
        { to: 'keyDialog', event: { type: 'key.regenerated', licenseKey } },
        { to: 'activity', event: { type: 'activity.refresh' } },
      ]
    }),
}
