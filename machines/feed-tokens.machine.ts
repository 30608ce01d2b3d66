import { assign, setup } from 'xstate'
import type { CreatedFeedToken, CreateFeedTokenRequest, FeedToken, FeedTokenCreator } from '../common/contract'
import { feedTokenRequestOf, type FeedTokenDraft } from '../common/feed-token-draft'
import { notProvided } from './not-provided'
import { messageOf, showErrorIn } from './error-message'

/** The form field a refusal names (the API's `{ message, field }`), else null: the message then shows over the form. */
const fieldOf = (error: unknown): string | null => {
  const field = (error as { field?: unknown } | null)?.field
  return typeof field === 'string' ? field : null
}

/**
 * Feed tokens (our addition): named credentials for CI on the private package feed, made and
 * revoked by the owner of a Commercial Plus subscription. The list loads; a token is made in a
 * dialog, with its scope (packages, networks a day, suspend on leak: issue 47), and its secret shown
 * there once; a token is revoked after a confirmation; a token marked a possible leak is resumed
 * after a confirmation; every token one person made is revoked at once after a confirmation
 * (offboarding: someone removed or demoted, issue 48).
 */
export const feedTokensMachine = setup({
  types: {
    context: {} as {
      tokens: FeedToken[]
      error: string | null
      /** The form field the error is about (the scope's `packages`), or null: over the form. */
      errorField: string | null
      request: CreateFeedTokenRequest | null
      created: CreatedFeedToken | null
      revoking: FeedToken | null
      resuming: FeedToken | null
      /** The person whose tokens are being revoked. */
      revokingBy: FeedTokenCreator | null
    },
    events: {} as
      | { type: 'tokens.reload' }
      | { type: 'create.open' }
      | { type: 'create.submit'; draft: FeedTokenDraft }
      | { type: 'revoke.request'; token: FeedToken }
      | { type: 'revoke.confirm' }
      | { type: 'resume.request'; token: FeedToken }
      | { type: 'resume.confirm' }
      | { type: 'revokeBy.request'; creator: string }
      | { type: 'revokeBy.confirm' }
      | { type: 'dialog.close' },
  },
  actors: {
    loadTokens: notProvided<FeedToken[]>('loadTokens'),
    createToken: notProvided<CreatedFeedToken, CreateFeedTokenRequest>('createToken'),
    revokeToken: notProvided<void, { tokenId: string }>('revokeToken'),
    resumeToken: notProvided<void, { tokenId: string }>('resumeToken'),
    revokeTokensBy: notProvided<{ revoked: number }, { oid: string }>('revokeTokensBy'),
  },
  actions: {
    keepTokens: assign({ tokens: (_, params: { tokens: FeedToken[] }) => params.tokens, error: null }),
    showError: assign({
      error: (_, params: { message: string; field?: string | null }) => params.message,
      errorField: (_, params: { message: string; field?: string | null }) => params.field ?? null,
    }),
    clearError: assign({ error: null, errorField: null }),
    resetDialog: assign({ error: null, errorField: null, request: null, created: null, revoking: null, resuming: null, revokingBy: null }),
    keepRequest: assign({ request: (_, params: { draft: FeedTokenDraft }) => feedTokenRequestOf(params.draft) }),
    // Newest first, as the list comes; once, should the answer repeat a token already listed.
    addToken: assign({
      tokens: ({ context }, params: { created: CreatedFeedToken }) => [params.created.token, ...context.tokens.filter((token) => token.id !== params.created.token.id)],
      created: (_, params: { created: CreatedFeedToken }) => params.created,
    }),
    pickForRevoke: assign({ revoking: (_, params: { token: FeedToken }) => params.token }),
    removeToken: assign({ tokens: ({ context }) => context.tokens.filter((token) => token.id !== context.revoking?.id), revoking: null }),
    pickCreator: assign({ revokingBy: ({ context }, params: { creator: string }) => context.tokens.find((token) => token.createdBy.oid === params.creator)?.createdBy ?? null }),
    removeCreatorsTokens: assign({ tokens: ({ context }) => context.tokens.filter((token) => token.createdBy.oid !== context.revokingBy?.oid), revokingBy: null }),
    pickForResume: assign({ resuming: ({ context }, params: { token: FeedToken }) => context.tokens.find((token) => token.id === params.token.id) ?? null }),
    // Resumed: let in again, no longer marked, its networks counted afresh.
    markResumed: assign({
      tokens: ({ context }) => context.tokens.map((token) => (token.id === context.resuming?.id ? { ...token, leakAt: null, suspendedAt: null } : token)),
      resuming: null,
    }),
  },
  guards: {
    answeredTokens: (_, params: { tokens: FeedToken[] }) => params.tokens.length > 0,
    hasTokens: ({ context }) => context.tokens.length > 0,
    // The contract's own check (name, 1 to 730 days) before the request is sent.
    validDraft: (_, params: { draft: FeedTokenDraft }) => feedTokenRequestOf(params.draft) !== null,
    isListed: ({ context }, params: { token: FeedToken }) => context.tokens.some((token) => token.id === params.token.id),
    // Resume is for a listed token marked a possible leak, as the list last said.
    isMarked: ({ context }, params: { token: FeedToken }) => context.tokens.some((token) => token.id === params.token.id && token.leakAt !== null),
    othersRemain: ({ context }) => context.tokens.some((token) => token.id !== context.revoking?.id),
    madeAny: ({ context }, params: { creator: string }) => context.tokens.some((token) => token.createdBy.oid === params.creator),
    othersMadeAny: ({ context }) => context.tokens.some((token) => token.createdBy.oid !== context.revokingBy?.oid),
  },
}).createMachine({
  id: 'feedTokens',
  context: { tokens: [], error: null, errorField: null, request: null, created: null, revoking: null, resuming: null, revokingBy: null },
  initial: 'loading',
  states: {
    loading: {
      description: "'Feed tokens' with a placeholder while GET /api/feed-tokens answers.",
      invoke: {
        id: 'loadTokens',
        src: 'loadTokens',
        onDone: [
          {
            guard: { type: 'answeredTokens', params: ({ event }) => ({ tokens: event.output }) },
            target: 'ready.shown',
            actions: { type: 'keepTokens', params: ({ event }) => ({ tokens: event.output }) },
          },
          { target: 'ready.empty', actions: { type: 'keepTokens', params: ({ event }) => ({ tokens: event.output }) } },
        ],
        onError: showErrorIn('failed'),
      },
    },
    failed: { description: 'The error message with Try again.', on: { 'tokens.reload': { target: 'loading', actions: 'clearError' } } },
    ready: {
      description: "The tokens, and 'Create token'.",
      // Entered by the load's answer, which names the list's state.
      initial: 'empty',
      states: {
        empty: {
          description: "'No feed tokens yet.' and 'Create token'.",
          on: { 'create.open': { target: 'dialog.creating', actions: 'resetDialog' } },
        },
        shown: {
          description:
            "A row per token: name and scope, who made it (and that they no longer manage feed tokens, once removed or demoted), last four characters, created, expires, last used, its networks of the last 30 days, its downloads per package and version; 'Revoke' on each, 'Resume' on one marked a possible leak; never a secret. Each person who made tokens, those who no longer manage feed tokens first, with 'Revoke all'.",
          on: {
            'create.open': { target: 'dialog.creating', actions: 'resetDialog' },
            'revoke.request': {
              guard: { type: 'isListed', params: ({ event }) => ({ token: event.token }) },
              target: 'dialog.revoking',
              actions: ['resetDialog', { type: 'pickForRevoke', params: ({ event }) => ({ token: event.token }) }],
            },
            'resume.request': {
              guard: { type: 'isMarked', params: ({ event }) => ({ token: event.token }) },
              target: 'dialog.resuming',
              actions: ['resetDialog', { type: 'pickForResume', params: ({ event }) => ({ token: event.token }) }],
            },
            'revokeBy.request': {
              guard: { type: 'madeAny', params: ({ event }) => ({ creator: event.creator }) },
              target: 'dialog.revokingBy',
              actions: ['resetDialog', { type: 'pickCreator', params: ({ event }) => ({ creator: event.creator }) }],
            },
          },
        },
        dialog: {
          description: 'One dialog over the list.',
          initial: 'creating',
          // Closing forgets what the dialog held: a new token's secret leaves memory once its dialog closes.
          on: {
            'dialog.close': [
              { guard: 'hasTokens', target: 'shown', actions: 'resetDialog' },
              { target: 'empty', actions: 'resetDialog' },
            ],
          },
          states: {
            creating: {
              description: 'The Create feed token dialog.',
              initial: 'editing',
              states: {
                editing: {
                  description:
                    "Name, expiry in days (365 unless changed, at most 730), packages (patterns; empty: all the subscription covers), networks a day (3 unless changed, at most 10), suspend on leak; each checked; 'Create token'; a failure's message over the typed values, or under the field it names.",
                  on: {
                    'create.submit': {
                      guard: { type: 'validDraft', params: ({ event }) => ({ draft: event.draft }) },
                      target: 'submitting',
                      actions: ['clearError', { type: 'keepRequest', params: ({ event }) => ({ draft: event.draft }) }],
                    },
                  },
                },
                submitting: {
                  description: "'Create token' shows progress and cannot be pressed again; the dialog stays open with the typed values.",
                  on: { 'dialog.close': {} },
                  invoke: {
                    id: 'createToken',
                    src: 'createToken',
                    input: ({ context }) => context.request!,
                    onDone: { target: '#feedTokens.ready.dialog.created', actions: { type: 'addToken', params: ({ event }) => ({ created: event.output }) } },
                    onError: {
                      target: 'editing',
                      actions: { type: 'showError', params: ({ event }) => ({ message: messageOf(event.error), field: fieldOf(event.error) }) },
                    },
                  },
                },
              },
            },
            created: {
              description: "Shown once: the secret with username 'token', copy buttons, a NuGet.config using them, and the warning it will not be shown again.",
            },
            revoking: {
              description: 'The Revoke feed token dialog.',
              initial: 'confirming',
              states: {
                confirming: {
                  description: "Asks to confirm: builds using the token stop at once; 'Revoke' and 'Cancel'; a failure's message over it.",
                  on: { 'revoke.confirm': { target: 'removing', actions: 'clearError' } },
                },
                removing: {
                  description: "'Revoke' shows progress and cannot be pressed again.",
                  on: { 'dialog.close': {} },
                  invoke: {
                    id: 'revokeToken',
                    src: 'revokeToken',
                    input: ({ context }) => ({ tokenId: context.revoking!.id }),
                    onDone: [
                      { guard: 'othersRemain', target: '#feedTokens.ready.shown', actions: 'removeToken' },
                      { target: '#feedTokens.ready.empty', actions: 'removeToken' },
                    ],
                    onError: showErrorIn('confirming'),
                  },
                },
              },
            },
            revokingBy: {
              description: "The Revoke a person's feed tokens dialog.",
              initial: 'confirming',
              states: {
                confirming: {
                  description: "Asks to confirm: the person's tokens, named with how many; builds using them stop at once; 'Revoke all' and 'Cancel'; a failure's message over it.",
                  on: { 'revokeBy.confirm': { target: 'removing', actions: 'clearError' } },
                },
                removing: {
                  description: "'Revoke all' shows progress and cannot be pressed again.",
                  on: { 'dialog.close': {} },
                  invoke: {
                    id: 'revokeTokensBy',
                    src: 'revokeTokensBy',
                    input: ({ context }) => ({ oid: context.revokingBy!.oid }),
                    onDone: [
                      { guard: 'othersMadeAny', target: '#feedTokens.ready.shown', actions: 'removeCreatorsTokens' },
                      { target: '#feedTokens.ready.empty', actions: 'removeCreatorsTokens' },
                    ],
                    onError: showErrorIn('#feedTokens.ready.dialog.revokingBy.confirming'),
                  },
                },
              },
            },
            resuming: {
              description: 'The Resume feed token dialog.',
              initial: 'confirming',
              states: {
                confirming: {
                  description: "Asks to confirm: builds using the token are let in again and its networks counted afresh; 'Resume' and 'Cancel'; a failure's message over it.",
                  on: { 'resume.confirm': { target: 'restoring', actions: 'clearError' } },
                },
                restoring: {
                  description: "'Resume' shows progress and cannot be pressed again.",
                  on: { 'dialog.close': {} },
                  invoke: {
                    id: 'resumeToken',
                    src: 'resumeToken',
                    input: ({ context }) => ({ tokenId: context.resuming!.id }),
                    onDone: { target: '#feedTokens.ready.shown', actions: 'markResumed' },
                    onError: showErrorIn('#feedTokens.ready.dialog.resuming.confirming'),
                  },
                },
              },
            },
          },
        },
      },
    },
  },
})
