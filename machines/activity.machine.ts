import { assign, setup } from 'xstate'
import type { ActivityEntry, ActivityPage } from '../common/contract'
import { notProvided } from './not-provided'
import { showErrorIn } from './error-message'

/**
 * Recent activity below Manage Licenses' table (our addition): the newest page of what happened to
 * the owner's licenses, older pages one at a time with 'Show more'.
 */
export const activityMachine = setup({
  types: {
    context: {} as { entries: ActivityEntry[]; nextCursor: string | null; error: string | null },
    events: {} as { type: 'activity.reload' } | { type: 'activity.refresh' } | { type: 'activity.more' },
  },
  actors: {
    loadActivity: notProvided<ActivityPage, { before: string | null }>('loadActivity'),
  },
  actions: {
    keepPage: assign({ entries: (_, params: { page: ActivityPage }) => params.page.entries, nextCursor: (_, params: { page: ActivityPage }) => params.page.nextCursor, error: null }),
    appendPage: assign({
      entries: ({ context }, params: { page: ActivityPage }) => [...context.entries, ...params.page.entries.filter((entry) => !context.entries.some((shown) => shown.id === entry.id))],
      nextCursor: (_, params: { page: ActivityPage }) => params.page.nextCursor,
      error: null,
    }),
    showError: assign({ error: (_, params: { message: string }) => params.message }),
  },
  guards: {
    hasEntries: (_, params: { page: ActivityPage }) => params.page.entries.length > 0,
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'activity',
  context: { entries: [], nextCursor: null, error: null },
  initial: 'loading',
  // A change made on the page (assign, unassign, a new key) shows at the top: the first page again.
  on: { 'activity.refresh': '.loading' },
  states: {
    loading: {
      description: "'Recent activity' with a placeholder while the newest page loads.",
      invoke: {
        id: 'loadActivity',
        src: 'loadActivity',
        input: () => ({ before: null }),
        onDone: [
          { guard: { type: 'hasEntries', params: ({ event }) => ({ page: event.output }) }, target: 'shown', actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) } },
          { target: 'empty', actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: showErrorIn('failed'),
      },
    },
    shown: {
      description: "Each entry in words with its date and time; 'Show more' while older entries exist.",
      initial: 'idle',
      states: {
        idle: {
          description: "The entries so far; 'Show more' when there is an older page.",
          on: { 'activity.more': { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          description: "'Show more' shows progress and cannot be pressed again.",
          invoke: {
            id: 'loadActivity',
            src: 'loadActivity',
            input: ({ context }) => ({ before: context.nextCursor }),
            onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
            onError: showErrorIn('moreFailed'),
          },
        },
        moreFailed: {
          description: "The entries so far, the error message, and 'Show more' to try the older page again.",
          on: { 'activity.more': 'loadingMore' },
        },
      },
    },
    empty: { description: "'No activity yet.'" },
    failed: { description: 'The error message with Try again; the rest of the page works.', on: { 'activity.reload': 'loading' } },
  },
})
