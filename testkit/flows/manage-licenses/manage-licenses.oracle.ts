import type { EventObject } from 'xstate'
import type { InvoiceOrder } from '@/common/billing-contract'
import type { AssignedLicense, AssignRequest, MemberRole, Stats } from '@/common/contract'
import { acceptedOrder } from '@/testkit/flows/invoice-order/invoice-order.oracle'
import { leavesForCheckout } from '@/testkit/flows/purchase/purchase.oracle'
import { answerOf, onAnswer, shownMessage, type Expected, type Oracle, type Relation, type State } from '@/testkit/model/oracle'

/** What Manage Licenses holds that the user notices: the tiles, the rows, the notice and message, and the open dialog's values. */
export interface ManageLicensesHeld {
  stats: Stats | null
  assigned: AssignedLicense[]
  notice: string | null
  error: string | null
  unassigning: AssignedLicense | null
  seats: number
  bulkLines: BulkLine[]
  bulkResults: BulkResult[]
  /** Back from the hosted checkout, and not yet said so. */
  checkoutReturned: boolean
  /** The caller's role (issue 30): an owner's unless the page was told otherwise. */
  role: MemberRole
  /** Added seats paid by invoice (issue 49): the invoice sent, and a tax ID refused beside its field. */
  invoiceOrder: InvoiceOrder | null
  taxIdError: string | null
}

type Now = Expected<ManageLicensesHeld, State>

/** How the page is opened: back from the checkout or not, and in whose role (an owner's when not said). */
export interface ManageLicensesOpened {
  checkoutReturned: boolean
  role?: MemberRole
}
/** A line pasted into 'Assign several': the person it names, or why it names nobody. */
export type BulkLine = { text: string; request: AssignRequest; error: null } | { text: string; request: null; error: string }
/** What became of a pasted line: assigned, refused with the API's message, or skipped for want of a seat. */
export type BulkResult = { status: 'assigned' } | { status: 'failed'; message: string } | { status: 'skipped' }

/** Where Manage Licenses stands, in spec sections 2 and 4's words (the tiles, the table, the dialog mode: none, assign, upgrade, purchase) and issues 30, 33 and 49's. */
const said = {
  stats: { loading: 'the tiles loading', loaded: 'the tiles loaded' },
  assigned: { loading: 'the table loading', loaded: 'the table loaded', withheld: 'no table for a billing manager' },
  failed: 'the licenses not loaded',
  none: 'no dialog open',
  assignTyping: 'assign: the person being typed',
  assigning: 'assign: the seat being assigned',
  pasting: 'assign several: the lines being pasted',
  sendingLines: 'assign several: the lines being sent one by one',
  linesDone: 'assign several: what became of each line',
  unassignAsked: 'unassigning a seat, asked to confirm',
  unassigning: 'the seat being unassigned',
  choosingSeats: 'purchase: the seats being chosen',
  askingCheckout: 'purchase: the checkout session being asked for',
  invoicing: 'purchase: the company details and PO number being filled in',
  ordering: 'purchase: the order by invoice being placed',
  ordered: 'purchase: the invoice awaiting payment shown',
  upgrade: 'upgrade: the wizard open',
  checkingOut: 'on the way to the hosted checkout',
} as const
const at = 'manageLicenses'
const loadingAt = `${at}.loading`
const ready = `${at}.ready`
/**
 * The states of machines/manage-licenses.machine.ts that realise each of the oracle's (decision
 * 0061), the loading's regions one by one. The table's choice between loading and a billing
 * manager's withheld table is made as the page starts, and reads as loading; between two pasted
 * lines the next is being sent.
 */
export const relation = {
  [said.stats.loading]: `${loadingAt}.stats.loading`,
  [said.stats.loaded]: `${loadingAt}.stats.loaded`,
  [said.assigned.loading]: [`${loadingAt}.assigned.asking`, `${loadingAt}.assigned.loading`],
  [said.assigned.loaded]: `${loadingAt}.assigned.loaded`,
  [said.assigned.withheld]: `${loadingAt}.assigned.withheld`,
  [said.failed]: `${at}.failed`,
  [said.none]: `${ready}.none`,
  [said.assignTyping]: `${ready}.assign.single.editing`,
  [said.assigning]: `${ready}.assign.single.submitting`,
  [said.pasting]: `${ready}.assign.bulk.editing`,
  [said.sendingLines]: [`${ready}.assign.bulk.next`, `${ready}.assign.bulk.sending`],
  [said.linesDone]: `${ready}.assign.bulk.finished`,
  [said.unassignAsked]: `${ready}.unassign.confirming`,
  [said.unassigning]: `${ready}.unassign.removing`,
  [said.choosingSeats]: `${ready}.purchase.choosing`,
  [said.askingCheckout]: `${ready}.purchase.redirecting`,
  [said.invoicing]: `${ready}.purchase.invoicing`,
  [said.ordering]: `${ready}.purchase.ordering`,
  [said.ordered]: `${ready}.purchase.ordered`,
  [said.upgrade]: `${ready}.upgrade`,
  [said.checkingOut]: `${at}.checkingOut`,
} satisfies Relation
/** Both loads out at once (spec section 2's tiles and table); a billing manager's page asks for no table (issue 30). */
const loadingFor = (role: MemberRole) => [said.stats.loading, role === 'billing-manager' ? said.assigned.withheld : said.assigned.loading]
/** Issue 30: seats are the owners' and seat managers', buying and upgrading the owners' and billing managers'. */
const seatsFor = (role: MemberRole) => role !== 'billing-manager'
const billingFor = (role: MemberRole) => role !== 'seat-manager'
/** Spec section 4's upgrade paths: Community to Commercial or Commercial Plus, Commercial to Commercial Plus. */
const upgradesFrom: Record<string, readonly string[]> = { community: ['commercial', 'commercial-plus'], commercial: ['commercial-plus'], 'commercial-plus': [] }
/** Where a close closes the dialog: each dialog but one whose request is out (it cannot be closed under it); with none open it clears the message. */
const closable: string[] = [said.none, said.assignTyping, said.pasting, said.linesDone, said.unassignAsked, said.choosingSeats, said.invoicing, said.upgrade]

const awaitedIn = {
  loadStats: said.stats.loading,
  loadAssigned: said.assigned.loading,
  assignLicense: [said.assigning, said.sendingLines],
  unassignLicense: said.unassigning,
  createCheckoutSession: said.askingCheckout,
  addSeatsByInvoice: said.ordering,
  upgrade: said.upgrade,
}

/** Every dialog opens afresh: one seat, no message, no notice of the last change, no lines. */
const fresh = { error: null, notice: null, unassigning: null, seats: 1, bulkLines: [], bulkResults: [], invoiceOrder: null, taxIdError: null } satisfies Partial<ManageLicensesHeld>

/**
 * Spec sections 2 and 4 and issue 30's roles: a billing manager's page buys and upgrades and asks for
 * no table; a seat manager's assigns and unassigns and buys nothing.
 * The tiles and the table load at once, and the page shows once both came
 * (a failure of either shows only its message, with Try again); back from the checkout it says the
 * licenses were bought. 'Assign License' opens while a seat is available, 'Buy Additional
 * Licenses' when none is and the plan is paid, the upgrade when the plan has a path. Assign adds a
 * row, assigned +1, available -1; unassign the reverse; a refusal stays in its dialog with its
 * message and what was typed. Pasted lines go one by one while a seat is left; the rest are skipped.
 */
export const manageLicensesOracle: Oracle<ManageLicensesOpened, ManageLicensesHeld, State> = {
  relation,
  start: (input) => ({
    state: loadingFor(input.role ?? 'owner'),
    held: { stats: null, assigned: [], ...fresh, checkoutReturned: input.checkoutReturned, role: input.role ?? 'owner' },
  }),
  after: (now, event) => {
    const to = (state: State, changes: Partial<ManageLicensesHeld> = {}): Now => ({ state, held: { ...now.held, ...changes } })
    const answer = answerOf(event, now.state, awaitedIn)
    if (answer) {
      if (!answer.awaited) return now
      if (answer.actor === 'loadStats' || answer.actor === 'loadAssigned') return loaded(now, answer, to)
      return answered(now, answer, to)
    }
    if (typeof now.state !== 'string') return now
    const { stats, assigned, role } = now.held
    const { license, seats, lines } = event as EventObject & { license?: AssignedLicense; seats?: number; lines?: BulkLine[] }
    // Done after an order by invoice: the page reads the seats again, as the server now counts them.
    if (event.type === 'dialog.close' && now.state === said.ordered) return to(loadingFor(role), fresh)
    if (event.type === 'dialog.close' && closable.includes(now.state)) return to(said.none, { error: null })
    switch (`${now.state} ${event.type}`) {
      case `${said.failed} licenses.reload`:
        return to(loadingFor(role), { error: null })
      case `${said.none} notice.dismiss`:
        return to(now.state, { notice: null })
      case `${said.none} assign.open`:
        return seatsFor(role) && stats && stats.available > 0 ? to(said.assignTyping, fresh) : now
      // 'Buy Additional Licenses': no seat left, on a paid plan (spec section 2).
      case `${said.none} purchase.open`:
        return billingFor(role) && stats && stats.available === 0 && stats.priceId !== null && stats.priceId !== 'community' ? to(said.choosingSeats, fresh) : now
      case `${said.none} upgrade.open`:
        return billingFor(role) && stats?.priceId && upgradesFrom[stats.priceId]?.length ? to(said.upgrade, fresh) : now
      // Only a row on the page can be unassigned.
      case `${said.none} unassign.request`:
        return license && assigned.some((row) => row.id === license.id) ? to(said.unassignAsked, { ...fresh, unassigning: license }) : now
      // The form has checked each field (spec section 5); the values typed stay while it is sent.
      case `${said.assignTyping} assign.submit`:
        return to(said.assigning, { error: null })
      case `${said.assignTyping} bulk.open`:
        return to(said.pasting, { error: null })
      case `${said.pasting} bulk.change`:
        return to(now.state, { bulkLines: lines ?? [], bulkResults: [] })
      // Sent only when every pasted line names someone (each line's own check).
      case `${said.pasting} bulk.submit`:
        return now.held.bulkLines.length > 0 && now.held.bulkLines.every((line) => line.error === null) ? to(said.sendingLines) : now
      case `${said.unassignAsked} unassign.confirm`:
        return to(said.unassigning, { error: null })
      // Seats: whole numbers from 1, no maximum (spec section 5).
      case `${said.choosingSeats} seats.change`:
        return Number.isInteger(seats) && seats! >= 1 ? to(now.state, { seats }) : now
      case `${said.choosingSeats} checkout.start`:
        return to(said.askingCheckout, { error: null })
      // Issue 49: the added seats paid by bank transfer against an invoice, the company details and PO number sent only as the contract takes them.
      case `${said.choosingSeats} invoice.open`:
        return to(said.invoicing, { error: null })
      case `${said.invoicing} invoice.submit`: {
        const { draft } = event as EventObject & { draft: Record<string, string> }
        return acceptedOrder(draft, stats!.priceId, now.held.seats) ? to(said.ordering, { error: null, taxIdError: null }) : now
      }
      default:
        return now
    }
  },
  // Every change of the seats shows at the top of Recent activity: a seat assigned, the end of
  // 'Assign several', a seat unassigned.
  tells: (now, event, input) => {
    const answer = answerOf(event, now.state, awaitedIn)
    if (!answer?.awaited) return []
    const assigned = answer.done && answer.actor === 'assignLicense' && now.state === said.assigning
    const bulkEnded = manageLicensesOracle.after(now, event, input).state === said.linesDone
    const unassigned = answer.done && answer.actor === 'unassignLicense'
    return assigned || bulkEnded || unassigned ? [{ to: 'activity', event: { type: 'activity.refresh' } }] : []
  },
  // The same hosted checkout as the purchase page's (spec section 7), at the url the session was answered with.
  effects: (now, event) => onAnswer(event, now.state, awaitedIn, 'createCheckoutSession', (session) => [leavesForCheckout((session as { url: string }).url)]),
}

type To = (state: State, changes?: Partial<ManageLicensesHeld>) => Now
type Answered = { actor: string; done: boolean; output?: unknown; error?: unknown }

/** A load's answer: the other may still be out; once both came, the page is ready. */
function loaded(now: Now, answer: Answered, to: To): Now {
  if (!answer.done) return to(said.failed, { error: shownMessage(answer.error) })
  const stats = answer.actor === 'loadStats'
  const part = stats ? said.stats : said.assigned
  const leaves = [now.state].flat().map((leaf) => (leaf === part.loading ? part.loaded : leaf))
  const changes: Partial<ManageLicensesHeld> = stats ? { stats: answer.output as Stats } : { assigned: answer.output as AssignedLicense[] }
  if (leaves.some((leaf) => leaf === said.stats.loading || leaf === said.assigned.loading)) return to(leaves, changes)
  const notice = now.held.checkoutReturned ? 'Your additional licenses were purchased.' : now.held.notice
  return to(said.none, { ...changes, notice, checkoutReturned: false })
}

/** A change's answer: the page follows it (spec section 4), or the dialog says why not. */
function answered(now: Now, answer: Answered, to: To): Now {
  const { stats, assigned, unassigning, bulkLines, bulkResults } = now.held
  const counts = (by: number) => stats && { ...stats, assigned: stats.assigned + by, available: stats.available - by }
  switch (`${answer.actor} ${answer.done ? 'done' : 'failed'}`) {
    case 'assignLicense done': {
      const license = answer.output as AssignedLicense
      const added = { assigned: [...assigned, license], stats: counts(1) }
      if (now.state === said.assigning) return to(said.none, { ...added, notice: `License assigned to ${license.email}.` })
      return nextLine(to, { ...added, bulkResults: [...bulkResults, { status: 'assigned' }] }, bulkLines)
    }
    case 'assignLicense failed': {
      const message = shownMessage(answer.error)
      if (now.state === said.assigning) return to(said.assignTyping, { error: message })
      return nextLine(to, { stats, bulkResults: [...bulkResults, { status: 'failed', message }] }, bulkLines)
    }
    case 'unassignLicense done':
      return to(said.none, {
        assigned: assigned.filter((row) => row.id !== unassigning?.id),
        stats: counts(-1),
        notice: `License unassigned from ${unassigning?.email}.`,
        unassigning: null,
      })
    case 'unassignLicense failed':
      return to(said.unassignAsked, { error: shownMessage(answer.error) })
    // The browser leaves for the hosted checkout.
    case 'createCheckoutSession done':
      return to(said.checkingOut)
    // The seats are bought at once and assignable while their invoice awaits payment.
    case 'addSeatsByInvoice done':
      return to(said.ordered, {
        invoiceOrder: answer.output as InvoiceOrder,
        stats: stats && { ...stats, purchased: stats.purchased + now.held.seats, available: stats.available + now.held.seats },
      })
    case 'addSeatsByInvoice failed':
      return (answer.error as { field?: string }).field === 'taxId' ? to(said.invoicing, { taxIdError: shownMessage(answer.error) }) : to(said.invoicing, { error: shownMessage(answer.error) })
    case 'createCheckoutSession failed':
      return to(said.choosingSeats, { error: shownMessage(answer.error) })
    // The wizard closed (its close button or Cancel): the dialog closes with it.
    case 'upgrade done':
      return to(said.none, { error: null })
    default:
      return now
  }
}

/** After a pasted line's answer: the next line while one is left and a seat for it, else the end, the lines not sent skipped. */
function nextLine(to: To, changes: Partial<ManageLicensesHeld> & Pick<ManageLicensesHeld, 'bulkResults'>, lines: readonly BulkLine[]): Now {
  const { bulkResults, stats } = changes
  if (bulkResults.length < lines.length && (stats?.available ?? 0) > 0) return to(said.sendingLines, changes)
  const skipped = lines.slice(bulkResults.length).map((): BulkResult => ({ status: 'skipped' }))
  return to(said.linesDone, { ...changes, bulkResults: [...bulkResults, ...skipped] })
}
