import { assign, enqueueActions, setup } from 'xstate'
import type { InvoiceOrder, InvoiceOrderRequest } from '../common/billing-contract'
import type { AssignedLicense, AssignRequest, MemberRole, Stats } from '../common/contract'
import { invoiceOrderOf, type InvoiceOrderDraft } from '../common/invoice-order-draft'
import type { PriceId } from '../common/plans'
import { may } from '../common/roles'
import type { Addressee } from './addressee'
import { notProvided } from './not-provided'
import { upgradeMachine, type PlanPrice } from './upgrade.machine'
import { messageOf, showErrorIn } from './error-message'
import { isTaxIdRefusal, type TaxIdRefusal } from './tax-id-refusal'

/** One pasted line of 'Assign several': what was typed, and the assignee it names or why it is not valid. */
export type BulkLine = { text: string; request: AssignRequest; error: null } | { text: string; request: null; error: string }
/** What became of a line once sent: assigned, refused with the API's message, or not sent because no seat was left. */
export type BulkResult = { status: 'assigned' } | { status: 'failed'; message: string } | { status: 'skipped' }

export interface ManageLicensesInput {
  /** The hosted checkout sent the user back here with success=true. */
  checkoutReturned: boolean
  plans: readonly PlanPrice[]
  /** Which plans each plan may be upgraded to (spec section 4). */
  upgradePaths: Readonly<Record<PriceId, readonly PriceId[]>>
  /**
   * The caller's role in the organisation (issue 30): a billing manager buys and upgrades and sees
   * no seats; a seat manager assigns and unassigns and buys nothing. Left out, an owner's: everything.
   */
  role?: MemberRole
  /** Recent activity, shown to those who see the seats: every change made here shows at its top. */
  activity?: Addressee<{ type: 'activity.refresh' }>
}

interface ManageLicensesContext extends ManageLicensesInput {
  role: MemberRole
  stats: Stats | null
  assigned: AssignedLicense[]
  error: string | null
  /** The confirmation of the last change, shown above the table. */
  notice: string | null
  /** The license the user asked to unassign. */
  unassigning: AssignedLicense | null
  /** Seats in the purchase-additional dialog. */
  seats: number
  bulkLines: BulkLine[]
  bulkResults: BulkResult[]
  /** Buy Additional Licenses by invoice (issue 49): the order while it is out, its answer, and a tax ID refused beside its field. */
  invoiceRequest: InvoiceOrderRequest | null
  invoiceOrder: InvoiceOrder | null
  taxIdError: string | null
}

type Event =
  | { type: 'licenses.reload' }
  | { type: 'notice.dismiss' }
  | { type: 'dialog.close' }
  | { type: 'assign.open' }
  | { type: 'assign.submit'; assignee: AssignRequest }
  | { type: 'bulk.open' }
  | { type: 'bulk.change'; lines: BulkLine[] }
  | { type: 'bulk.submit' }
  | { type: 'unassign.request'; license: AssignedLicense }
  | { type: 'unassign.confirm' }
  | { type: 'purchase.open' }
  | { type: 'seats.change'; seats: number }
  | { type: 'checkout.start' }
  | { type: 'invoice.open' }
  | { type: 'invoice.submit'; draft: InvoiceOrderDraft }
  | { type: 'upgrade.open' }

const nextBulkIndex = (context: ManageLicensesContext) => context.bulkResults.length

/**
 * Manage Licenses (spec sections 2 and 4): stats and assigned licenses loaded in parallel, then
 * one dialog at a time (none / assign / unassign / purchase / upgrade).
 */
export const manageLicensesMachine = setup({
  types: {
    context: {} as ManageLicensesContext,
    input: {} as ManageLicensesInput,
    events: {} as Event,
  },
  actors: {
    loadStats: notProvided<Stats>('loadStats'),
    loadAssigned: notProvided<AssignedLicense[]>('loadAssigned'),
    assignLicense: notProvided<AssignedLicense, AssignRequest>('assignLicense'),
    unassignLicense: notProvided<void, { licenseId: string }>('unassignLicense'),
    createCheckoutSession: notProvided<{ url: string }, { priceId: PriceId; quantity: number }>('createCheckoutSession'),
    addSeatsByInvoice: notProvided<InvoiceOrder, InvoiceOrderRequest>('addSeatsByInvoice'),
    upgrade: upgradeMachine,
  },
  actions: {
    keepStats: assign({ stats: (_, params: { stats: Stats }) => params.stats }),
    keepAssigned: assign({ assigned: (_, params: { assigned: AssignedLicense[] }) => params.assigned }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    confirmCheckout: assign({ notice: ({ context }) => (context.checkoutReturned ? 'Your additional licenses were purchased.' : context.notice), checkoutReturned: false }),
    dismissNotice: assign({ notice: null }),
    resetDialog: assign({ error: null, notice: null, unassigning: null, seats: 1, bulkLines: [], bulkResults: [], invoiceRequest: null, invoiceOrder: null, taxIdError: null }),
    addRow: assign(({ context }, params: { license: AssignedLicense }) => ({
      assigned: [...context.assigned, params.license],
      stats: context.stats && { ...context.stats, assigned: context.stats.assigned + 1, available: context.stats.available - 1 },
    })),
    confirmAssigned: assign({ notice: (_, params: { license: AssignedLicense }) => `License assigned to ${params.license.email}.` }),
    pickForUnassign: assign({ unassigning: (_, params: { license: AssignedLicense }) => params.license }),
    removeRow: assign(({ context }) => ({
      assigned: context.assigned.filter((license) => license.id !== context.unassigning?.id),
      stats: context.stats && { ...context.stats, assigned: context.stats.assigned - 1, available: context.stats.available + 1 },
      notice: `License unassigned from ${context.unassigning?.email}.`,
      unassigning: null,
    })),
    keepSeats: assign({ seats: (_, params: { seats: number }) => params.seats }),
    keepInvoiceRequest: assign({
      invoiceRequest: ({ context }, params: { draft: InvoiceOrderDraft }) => invoiceOrderOf(params.draft, context.stats!.priceId!, context.seats),
      error: null,
      taxIdError: null,
    }),
    showTaxIdError: assign({ taxIdError: (_, params: { message: string }) => params.message }),
    // The seats are bought and assignable at once, while their invoice awaits payment.
    keepInvoiceOrder: assign(({ context }, params: { order: InvoiceOrder }) => ({
      invoiceOrder: params.order,
      stats: context.stats && { ...context.stats, purchased: context.stats.purchased + context.seats, available: context.stats.available + context.seats },
    })),
    keepBulkLines: assign({ bulkLines: (_, params: { lines: BulkLine[] }) => params.lines, bulkResults: [] }),
    recordBulk: assign({ bulkResults: ({ context }, params: { result: BulkResult }) => [...context.bulkResults, params.result] }),
    skipRest: assign({ bulkResults: ({ context }) => [...context.bulkResults, ...context.bulkLines.slice(context.bulkResults.length).map((): BulkResult => ({ status: 'skipped' }))] }),
    /** Leaves for the hosted checkout; the app provides the navigation. */
    goToCheckout: (_, _params: { url: string }) => {},
    /** Seats were assigned or unassigned: Recent activity shows its newest page again. */
    licensesChanged: enqueueActions(({ context, enqueue }) => {
      if (context.activity) enqueue.sendTo(context.activity, { type: 'activity.refresh' })
    }),
  },
  guards: {
    managesSeats: ({ context }) => may(context.role, 'seats'),
    hasFreeSeat: ({ context }) => may(context.role, 'seats') && (context.stats?.available ?? 0) > 0,
    // 'Buy Additional Licenses': no seat free, and a paid plan (spec section 2); buying is billing's.
    canBuyMore: ({ context }) => may(context.role, 'billing') && context.stats !== null && context.stats.available === 0 && context.stats.priceId !== null && context.stats.priceId !== 'community',
    canUpgrade: ({ context }) => may(context.role, 'billing') && context.stats?.priceId != null && context.upgradePaths[context.stats.priceId].length > 0,
    isListed: ({ context }, params: { license: AssignedLicense }) => context.assigned.some((license) => license.id === params.license.id),
    validSeats: (_, params: { seats: number }) => Number.isInteger(params.seats) && params.seats >= 1,
    // The contract's own check before the order is sent (the form says what is missing or too long).
    validInvoiceDraft: ({ context }, params: { draft: InvoiceOrderDraft }) => invoiceOrderOf(params.draft, context.stats!.priceId!, context.seats) !== null,
    refusedTaxId: (_, params: { error: unknown }) => isTaxIdRefusal(params.error),
    bulkReady: ({ context }) => context.bulkLines.length > 0 && context.bulkLines.every((line) => line.error === null),
    // Another line to send, and a seat to give it.
    bulkContinues: ({ context }) => nextBulkIndex(context) < context.bulkLines.length && (context.stats?.available ?? 0) > 0,
  },
}).createMachine({
  id: 'manageLicenses',
  context: ({ input }) => ({
    ...input,
    role: input.role ?? 'owner',
    stats: null,
    assigned: [],
    error: null,
    notice: null,
    unassigning: null,
    seats: 1,
    bulkLines: [],
    bulkResults: [],
    invoiceRequest: null,
    invoiceOrder: null,
    taxIdError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Stat tiles and table placeholders while stats and assigned licenses load in parallel.',
      type: 'parallel',
      states: {
        stats: {
          description: 'The subscription, purchased, assigned and available tiles.',
          meta: { requirements: ['S2.manage.tiles'] },
          initial: 'loading',
          states: {
            loading: {
              description: 'The tiles show placeholders while GET /api/account/stats/ answers.',
              meta: { requirements: ['S7.stats'] },
              invoke: {
                id: 'loadStats',
                src: 'loadStats',
                onDone: { target: 'loaded', actions: { type: 'keepStats', params: ({ event }) => ({ stats: event.output }) } },
                onError: showErrorIn('#manageLicenses.failed'),
              },
            },
            loaded: { type: 'final', description: 'The tiles are filled in.' },
          },
        },
        assigned: {
          description: 'The table of assigned licenses.',
          initial: 'asking',
          states: {
            asking: {
              description: "Whether the caller's role sees seats.",
              always: [{ guard: 'managesSeats', target: 'loading' }, { target: 'withheld' }],
            },
            withheld: { type: 'final', description: 'A billing manager sees no seats: no table is asked for.' },
            loading: {
              description: 'The table shows placeholders while GET /api/licenses/assigned answers.',
              meta: { requirements: ['S7.assigned'] },
              invoke: {
                id: 'loadAssigned',
                src: 'loadAssigned',
                onDone: { target: 'loaded', actions: { type: 'keepAssigned', params: ({ event }) => ({ assigned: event.output }) } },
                onError: showErrorIn('#manageLicenses.failed'),
              },
            },
            loaded: { type: 'final', description: 'The table is filled in.' },
          },
        },
      },
      onDone: { target: 'ready', actions: 'confirmCheckout' },
    },
    failed: { description: 'The error message with Try again.', on: { 'licenses.reload': { target: 'loading', actions: 'clearError' } } },
    ready: {
      description: 'Tiles, the table, and the header button the seats allow.',
      meta: { requirements: ['S2.manage.tiles', 'S4.manage.dialog-mode'] },
      initial: 'none',
      on: { 'dialog.close': { target: '.none', actions: 'clearError' } },
      states: {
        none: {
          description: 'No dialog: the tiles, the table, and the header button the seats allow.',
          meta: { requirements: ['S2.manage.action-button', 'S2.manage.upgrade-badge'] },
          on: {
            'notice.dismiss': { actions: 'dismissNotice' },
            'assign.open': { guard: 'hasFreeSeat', target: 'assign', actions: 'resetDialog' },
            'purchase.open': { guard: 'canBuyMore', target: 'purchase', actions: 'resetDialog' },
            'upgrade.open': { guard: 'canUpgrade', target: 'upgrade', actions: 'resetDialog' },
            'unassign.request': {
              guard: { type: 'isListed', params: ({ event }) => ({ license: event.license }) },
              target: 'unassign',
              actions: ['resetDialog', { type: 'pickForUnassign', params: ({ event }) => ({ license: event.license }) }],
            },
          },
        },
        assign: {
          description: 'The Assign License dialog.',
          meta: { requirements: ['S6.owner-assigns'] },
          initial: 'single',
          states: {
            single: {
              description: 'One person: first name, last name and email.',
              initial: 'editing',
              states: {
                editing: {
                  description: "First name, last name and email, each checked; 'Assign several' switches to pasted lines.",
                  meta: { requirements: ['S5.assign.required'] },
                  on: { 'assign.submit': { target: 'submitting', actions: 'clearError' }, 'bulk.open': { target: '#manageLicenses.ready.assign.bulk', actions: 'clearError' } },
                },
                submitting: {
                  description: 'Assign shows progress and cannot be pressed again; the typed values stay.',
                  meta: { requirements: ['S7.assign', 'S4.manage.assign'] },
                  on: { 'dialog.close': {} },
                  invoke: {
                    id: 'assignLicense',
                    src: 'assignLicense',
                    input: ({ event }) => (event as { assignee: AssignRequest }).assignee,
                    onDone: {
                      target: '#manageLicenses.ready.none',
                      actions: [
                        { type: 'addRow', params: ({ event }) => ({ license: event.output }) },
                        { type: 'confirmAssigned', params: ({ event }) => ({ license: event.output }) },
                        'licensesChanged',
                      ],
                    },
                    onError: showErrorIn('editing'),
                  },
                },
              },
            },
            bulk: {
              description: 'Assign several: pasted lines, one person a line.',
              initial: 'editing',
              states: {
                editing: {
                  description: 'Pasted lines of first name, last name, email, each shown with its check before sending.',
                  on: {
                    'bulk.change': { actions: { type: 'keepBulkLines', params: ({ event }) => ({ lines: event.lines }) } },
                    'bulk.submit': { guard: 'bulkReady', target: 'sending' },
                  },
                },
                sending: {
                  description: 'Lines are assigned one by one, each with its result; it stops when no seat is left.',
                  on: { 'dialog.close': {} },
                  invoke: {
                    id: 'assignLicense',
                    src: 'assignLicense',
                    input: ({ context }) => context.bulkLines[nextBulkIndex(context)]!.request!,
                    onDone: {
                      target: 'next',
                      actions: [
                        { type: 'addRow', params: ({ event }) => ({ license: event.output }) },
                        { type: 'recordBulk', params: { result: { status: 'assigned' } } },
                      ],
                    },
                    onError: { target: 'next', actions: { type: 'recordBulk', params: ({ event }) => ({ result: { status: 'failed', message: messageOf(event.error) } }) } },
                  },
                },
                next: {
                  description: 'The next line is taken, or sending stops when no seat is left.',
                  always: [
                    { guard: 'bulkContinues', target: 'sending' },
                    { target: 'finished', actions: ['skipRest', 'licensesChanged'] },
                  ],
                },
                finished: { description: 'The result of every line, and Close.' },
              },
            },
          },
        },
        unassign: {
          description: 'The Unassign dialog.',
          initial: 'confirming',
          states: {
            confirming: { description: 'Asks to confirm unassigning the license from its holder.', on: { 'unassign.confirm': { target: 'removing', actions: 'clearError' } } },
            removing: {
              description: 'Unassign shows progress and cannot be pressed again.',
              meta: { requirements: ['S7.unassign', 'S4.manage.unassign'] },
              on: { 'dialog.close': {} },
              invoke: {
                id: 'unassignLicense',
                src: 'unassignLicense',
                input: ({ context }) => ({ licenseId: context.unassigning!.id }),
                onDone: { target: '#manageLicenses.ready.none', actions: ['removeRow', 'licensesChanged'] },
                onError: showErrorIn('confirming'),
              },
            },
          },
        },
        purchase: {
          description: 'The Buy Additional Licenses dialog.',
          initial: 'choosing',
          states: {
            choosing: {
              description: 'Seats (at least 1), the price per seat and the total.',
              meta: { requirements: ['S5.seats.minimum', 'S5.seats.additional-no-maximum', 'S9.prices'] },
              on: {
                'seats.change': { guard: { type: 'validSeats', params: ({ event }) => ({ seats: event.seats }) }, actions: { type: 'keepSeats', params: ({ event }) => ({ seats: event.seats }) } },
                'checkout.start': { target: 'redirecting', actions: 'clearError' },
                'invoice.open': { target: 'invoicing', actions: 'clearError' },
              },
            },
            invoicing: {
              description:
                "Pay by bank transfer (invoice): the seats and total, the company form with the country list and the PO number, and 'Pay by invoice'; a failure above the form or beside the tax ID.",
              on: {
                'invoice.submit': {
                  guard: { type: 'validInvoiceDraft', params: ({ event }) => ({ draft: event.draft }) },
                  target: 'ordering',
                  actions: { type: 'keepInvoiceRequest', params: ({ event }) => ({ draft: event.draft }) },
                },
              },
            },
            ordering: {
              description: "'Pay by invoice' shows progress and cannot be pressed again; the typed values stay.",
              on: { 'dialog.close': {} },
              invoke: {
                id: 'addSeatsByInvoice',
                src: 'addSeatsByInvoice',
                input: ({ context }) => context.invoiceRequest!,
                onDone: { target: 'ordered', actions: { type: 'keepInvoiceOrder', params: ({ event }) => ({ order: event.output }) } },
                onError: [
                  {
                    guard: { type: 'refusedTaxId', params: ({ event }) => ({ error: event.error }) },
                    target: 'invoicing',
                    actions: { type: 'showTaxIdError', params: ({ event }) => ({ message: (event.error as TaxIdRefusal).message }) },
                  },
                  showErrorIn('invoicing'),
                ],
              },
            },
            ordered: {
              description: "'Awaiting payment': the invoice's number, total and due date, its PDF; the tiles count the added seats, assignable now.",
              // Done reads the seats again as the server counts them (a subscription of their own when
              // the others are held by card), the page as it first came: no order's loop through it.
              on: { 'dialog.close': { target: '#manageLicenses.loading', actions: 'resetDialog' } },
            },
            redirecting: {
              description: 'Checkout shows progress; one click sends one request.',
              meta: { requirements: ['S7.checkout', 'S7.checkout-return'] },
              on: { 'dialog.close': {} },
              invoke: {
                id: 'createCheckoutSession',
                src: 'createCheckoutSession',
                input: ({ context }) => ({ priceId: context.stats!.priceId!, quantity: context.seats }),
                onDone: { target: '#manageLicenses.checkingOut', actions: { type: 'goToCheckout', params: ({ event }) => ({ url: event.output.url }) } },
                onError: showErrorIn('choosing'),
              },
            },
          },
        },
        upgrade: {
          description: 'The upgrade wizard runs as a child; closing the dialog discards it, and the wizard closed ends the dialog.',
          meta: { requirements: ['S4.upgrade.steps'] },
          invoke: {
            id: 'upgrade',
            src: 'upgrade',
            onDone: { target: '#manageLicenses.ready.none', actions: 'clearError' },
            input: ({ context }) => ({
              currentPriceId: context.stats!.priceId!,
              targets: context.upgradePaths[context.stats!.priceId!].flatMap((priceId) => context.plans.filter((plan) => plan.priceId === priceId)),
              seats: context.stats!.purchased || 1,
            }),
          },
        },
      },
    },
    checkingOut: { type: 'final', description: 'The browser is on its way to the hosted checkout.' },
  },
})
