import { expect } from '@playwright/test'
import type { feedTokensMachine } from '@/machines/feed-tokens.machine'
import { feedTokensModel, newSecret, paula, sam } from '@/testkit/flows/feed-tokens/feed-tokens.model'
import { demo } from '../support/accounts'
import { calling, type Tour } from '../support/machine-tour'
import { openAs } from './open-as'
import { pressing } from './press'
import { busyShown, dialogOpenShown, loadShown } from './shown'

/** Feed tokens: the list loading, failed, empty and shown; the create dialog, the secret shown once, revoking, resuming a token suspended on a possible leak, and revoking all of one person's. */
export const feedTokensTour: Tour<typeof feedTokensMachine> = {
  plan: feedTokensModel,
  actors: {
    loadTokens: calling('feedTokens'),
    createToken: calling('createFeedToken'),
    revokeToken: calling('revokeFeedToken'),
    resumeToken: calling('resumeFeedToken'),
    revokeTokensBy: calling('revokeFeedTokensBy'),
  },
  open: (page) => openAs(page, demo.plus, '/account/feed-tokens'),
  perform: pressing(
    (page) => page.getByRole('main'),
    { 'tokens.reload': 'Try again', 'create.open': 'Create feed token' },
    {
      'create.submit': async (page, event) => {
        const dialog = page.getByRole('dialog', { name: 'Create feed token' })
        await dialog.getByRole('textbox', { name: /^Name/ }).fill(event.draft.name)
        await dialog.getByRole('textbox', { name: /^Expires in/ }).fill(String(event.draft.expiresInDays))
        await dialog.getByRole('button', { name: 'Create token' }).click()
      },
      'revoke.request': (page, event) =>
        page
          .getByRole('main')
          .getByRole('button', { name: `Revoke ${event.token.name}` })
          .click(),
      'revoke.confirm': (page) => page.getByRole('dialog', { name: 'Revoke feed token' }).getByRole('button', { name: 'Revoke' }).click(),
      'resume.request': (page, event) =>
        page
          .getByRole('main')
          .getByRole('button', { name: `Resume ${event.token.name}` })
          .click(),
      'resume.confirm': (page) => page.getByRole('dialog', { name: 'Resume feed token' }).getByRole('button', { name: 'Resume' }).click(),
      'revokeBy.request': (page, event) =>
        page
          .getByRole('main')
          .getByRole('button', { name: `Revoke all tokens by ${[paula, sam].find((maker) => maker.oid === event.creator)?.name}` })
          .click(),
      'revokeBy.confirm': (page) => page.getByRole('dialog', { name: "Revoke a person's feed tokens" }).getByRole('button', { name: 'Revoke all' }).click(),
      'dialog.close': (page) => page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click(),
    },
  ),
  expectShown: async (page, step) => {
    const main = page.getByRole('main')
    const { value, context } = step.state
    const rows = (context.tokens as unknown[]).length
    if (await loadShown(main, JSON.stringify(value), { loading: 'Loading your feed tokens', failed: 'Your feed tokens could not be loaded' })) return
    switch (JSON.stringify(value)) {
      case '{"ready":"empty"}':
        await expect(page.getByRole('dialog')).toHaveCount(0)
        return expect(main.getByText('No feed tokens yet.')).toBeVisible()
      case '{"ready":"shown"}':
        await expect(page.getByRole('dialog')).toHaveCount(0)
        await expect(main.getByRole('table', { name: 'Feed tokens' }).getByRole('row')).toHaveCount(rows + 1)
        return expect(main.getByText(newSecret)).toHaveCount(0)
      case '{"ready":{"dialog":{"creating":"editing"}}}': {
        const dialog = page.getByRole('dialog', { name: 'Create feed token' })
        return dialogOpenShown(dialog, 'Create token', context.error)
      }
      case '{"ready":{"dialog":{"creating":"submitting"}}}':
        return busyShown(page.getByRole('dialog', { name: 'Create feed token' }).getByRole('button', { name: 'Create token' }))
      case '{"ready":{"dialog":"created"}}':
        return expect(page.getByRole('dialog', { name: 'Feed token created' }).getByRole('textbox', { name: 'Secret' })).toHaveValue(newSecret)
      case '{"ready":{"dialog":{"revoking":"confirming"}}}': {
        const dialog = page.getByRole('dialog', { name: 'Revoke feed token' })
        return dialogOpenShown(dialog, 'Revoke', context.error)
      }
      case '{"ready":{"dialog":{"revoking":"removing"}}}':
        return busyShown(page.getByRole('dialog', { name: 'Revoke feed token' }).getByRole('button', { name: 'Revoke' }))
      case '{"ready":{"dialog":{"revokingBy":"confirming"}}}':
        return dialogOpenShown(page.getByRole('dialog', { name: "Revoke a person's feed tokens" }), 'Revoke all', context.error)
      case '{"ready":{"dialog":{"revokingBy":"removing"}}}':
        return busyShown(page.getByRole('dialog', { name: "Revoke a person's feed tokens" }).getByRole('button', { name: 'Revoke all' }))
      case '{"ready":{"dialog":{"resuming":"confirming"}}}':
        return dialogOpenShown(page.getByRole('dialog', { name: 'Resume feed token' }), 'Resume', context.error)
      case '{"ready":{"dialog":{"resuming":"restoring"}}}':
        return busyShown(page.getByRole('dialog', { name: 'Resume feed token' }).getByRole('button', { name: 'Resume' }))
    }
    throw new Error(`Nothing known to check in ${JSON.stringify(value)}`)
  },
}
