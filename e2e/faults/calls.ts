import { expect, type Page } from '@playwright/test'
import type { CreatedFeedToken, FeedToken } from '@/common/contract'
import { unscoped } from '@/testkit/flows/feed-tokens/feed-tokens.model'
import { demo, expectNotice, licenseCard } from '../support/accounts'
import { billingCalls } from './billing-calls'
import { apiRequest, callTo, sentFrom, type CallCase } from './call-case'
import { catalogue } from './faults'
import { dialog, dialogCall, dialogFailed, dialogWaits, fileDownload, landed, loading, nav, pageLoad, sentHome, sidebarUsable } from './on-screen'
import { organisationCalls } from './organisation-calls'

/** The wizard's failure step (spec section 4): the message, Try Again and Refresh Page. */
async function upgradeFailed(page: Page, message: string) {
  const box = dialog(page, 'Upgrade Subscription')
  await expect(box.getByRole('alert')).toContainText(message)
  await expect(box.getByRole('button', { name: 'Try Again' })).toBeEnabled()
  await expect(box.getByRole('button', { name: 'Refresh Page' })).toBeEnabled()
  await expect(box.getByRole('button', { name: 'Close' })).toBeEnabled()
}

const assignee = { firstName: 'Faye', lastName: 'Fault', email: 'faye.fault@example.com' }
const discordName = 'fault.tester'
const company = 'Fault Tolerant Ltd'
/** Where a made-up checkout or portal answer sends the browser: a page of the site. */
const elsewhere = (origin: string) => `${origin}/privacy`

async function openManageLicenses(page: Page) {
  await page.goto('/account/licenses')
  await expect(page.getByRole('group', { name: 'Available' })).toBeVisible()
}

/** Manage Licenses with the dialog of its header button open: the button and the dialog share their name. */
async function openManageLicensesDialog(page: Page, name: string) {
  await openManageLicenses(page)
  await page.getByRole('button', { name }).click()
}

async function openUpgrade(page: Page) {
  await openManageLicenses(page)
  await page.getByRole('button', { name: 'Upgrade to Commercial Plus' }).click()
  await expect(dialog(page, 'Upgrade Subscription').getByText('Choose your plan')).toBeVisible()
}

async function continueUpgrade(page: Page) {
  await dialog(page, 'Upgrade Subscription').getByRole('button', { name: 'Continue' }).click()
}

async function fillCard(page: Page) {
  const box = dialog(page, 'Upgrade Subscription')
  await box.getByLabel('Card number').fill('4242 4242 4242 4242')
  await box.getByLabel('Expiration (MM / YY)').fill('12 / 34')
  await box.getByLabel('Security code (CVC)').fill('123')
}

/** A checkout session answered: the browser leaves for its address (here a page of the site). */
const leavesForCheckout = {
  done: (page: Page) => landed(page, '/privacy'),
  slowAnswer: { json: (origin: string) => ({ sessionId: 'cs_fault', url: elsewhere(origin) }) },
}

/** A load whose failure sends the user to '/' (the session, the purchase page's product). */
function loadOrHome(path: string) {
  return {
    reach: async () => {},
    send: async (page: Page) => void (await page.goto(path)),
    failed: sentHome,
    waiting: (page: Page) => expect(page.getByText('Loading, please wait...')).toBeVisible(),
    slowAnswer: 'server' as const,
  }
}

const licensesLoading = (page: Page) => page.getByLabel('Loading your licenses')
const plusCardShown = (page: Page) => expect(licenseCard(page, 'Commercial Plus')).toBeVisible()
/** A call of the session, made as the Commercial Plus owner opens My Licenses: its failure sends them home; answered, their card shows. */
const sessionLoad = { account: demo.plus, ...loadOrHome('/account'), done: plusCardShown }
const recentActivity = (page: Page) => page.getByRole('region', { name: 'Recent activity' })
/** Dev One's seat of the Commercial subscription, as the seed names it (server/local/seed.ts). */
const devOneSeat = 'seat_commercial_2'

/** The checkout's return with a session id the server does not know: only the fault answers for it. */
const checkoutReturn = '/account/purchase/complete?success=true&session_id=cs_fault'

/** The upgrade's payment step with a card typed in; Save payment method sends it. */
const savingACard = {
  account: demo.full,
  reach: async (page: Page) => {
    await openUpgrade(page)
    await continueUpgrade(page)
    await fillCard(page)
  },
  send: (page: Page) => dialog(page, 'Upgrade Subscription').getByRole('button', { name: 'Save payment method' }).click(),
  waiting: (page: Page) => loading(dialog(page, 'Upgrade Subscription'), 'Save payment method'),
}

/** The feed tokens' page, as a Commercial Plus owner reaches it. */
const feedTokensPath = '/account/feed-tokens'
const tokenName = 'Fault pipeline'
const tokenNameField = (page: Page) => dialog(page, 'Create feed token').getByRole('textbox', { name: /^Name/ })
/** A token the demo data lacks: the list the page loads holds it, so its revoke targets no real token. */
const madeUpToken: FeedToken = {
  id: 'ft_fault',
  name: 'Fault token',
  last4: 'FLT1',
  createdAt: '2026-01-05T10:00:00.000Z',
  expiresAt: '2027-01-05T10:00:00.000Z',
  lastUsedAt: null,
  subscriptionEnded: false,
  updatesUntil: null,
  newestCovered: null,
  ...unscoped,
}
/** The made-up token suspended on a possible leak: its Resume targets no real token either. */
const madeUpLeaked: FeedToken = { ...madeUpToken, leakAt: '2026-11-20T08:00:00.000Z', suspendedAt: '2026-11-20T08:00:00.000Z', maxNetworks: 3, suspendOnLeak: true }
const madeUpCreated: CreatedFeedToken = { token: { ...madeUpToken, name: tokenName }, secret: 'fault-secret-FLT1' }

/** A file downloaded from Manage Licenses (fileDownload): the failure said under its title with Dismiss. */
const downloadOnManageLicenses = (button: string, failureTitle: string, fileName: string) => fileDownload(openManageLicenses, button, failureTitle, fileName)

/** Every call the SPA makes to the accounts API, a row each (common/api-paths.ts names the routes; tests/house/endpoints.test.ts holds each to a row). */
export const calls: readonly CallCase[] = [
  { ...callTo('login'), ...sessionLoad },
  // The session loads the caller's organisation beside the account (decision 0026): a failure sends them home as the sign-in call's does.
  { ...sentFrom(callTo('organisation'), 'session'), ...sessionLoad },
  {
    ...callTo('licenses'),
    account: demo.plus,
    ...pageLoad('/account', 'Your licenses could not be loaded', licensesLoading),
    done: plusCardShown,
  },
  {
    ...callTo('connectDiscord'),
    account: demo.plus,
    ...dialogCall(
      'Connect Discord',
      'Join Prism Discord',
      async (page) => {
        await page.goto('/account')
        await page.getByRole('button', { name: 'Connect Discord' }).click()
        await dialog(page, 'Connect Discord').getByLabel('Discord username').fill(discordName)
      },
      { kept: (page) => expect(dialog(page, 'Connect Discord').getByLabel('Discord username')).toHaveValue(discordName), cancel: 'enabled' },
    ),
    done: async (page) => {
      await expect(page.getByText('Discord Connected')).toBeVisible()
      await expect(dialog(page, 'Connect Discord')).toBeHidden()
    },
    slowAnswer: { json: (origin) => ({ inviteLink: elsewhere(origin), discordConnected: true }) },
  },
  {
    ...callTo('account'),
    account: demo.plus,
    ...pageLoad('/account/profile', 'Your profile could not be loaded', (page) => page.getByText('Loading, please wait...')),
    done: (page) => expect(page.getByLabel('First name')).not.toHaveValue(''),
  },
  {
    ...callTo('updateAccount'),
    account: demo.plus,
    reach: async (page) => {
      await page.goto('/account/profile')
      await page.getByLabel('Company').fill(company)
    },
    send: (page) => page.getByRole('button', { name: 'Update Profile' }).click(),
    retry: (page) => page.getByRole('button', { name: 'Update Profile' }).click(),
    failed: async (page, message) => {
      await expect(page.getByRole('alert').filter({ hasText: 'Your profile was not saved' })).toContainText(message)
      await expect(page.getByLabel('Company')).toHaveValue(company)
      await expect(page.getByRole('button', { name: 'Update Profile' })).toBeEnabled()
    },
    waiting: async (page) => {
      await loading(page, 'Update Profile')
      await expect(page.getByLabel('Company')).toHaveValue(company)
      await sidebarUsable(page)
    },
    done: (page) => expect(page.getByRole('status').filter({ hasText: 'Your profile was updated.' })).toBeVisible(),
    slowAnswer: {},
    ignoresBody: true,
  },
  {
    ...callTo('feedTokens'),
    account: demo.plus,
    ...pageLoad(feedTokensPath, 'Your feed tokens could not be loaded', (page) => page.getByLabel('Loading your feed tokens')),
    done: async (page) => {
      await expect(page.getByText('No feed tokens yet.')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Create feed token' })).toBeEnabled()
    },
  },
  {
    ...callTo('createFeedToken'),
    account: demo.plus,
    ...dialogCall(
      'Create feed token',
      'Create token',
      async (page) => {
        await page.goto(feedTokensPath)
        await page.getByRole('button', { name: 'Create feed token' }).click()
        await tokenNameField(page).fill(tokenName)
      },
      { kept: (page) => expect(tokenNameField(page)).toHaveValue(tokenName), cancel: 'waits' },
    ),
    done: async (page) => {
      const box = dialog(page, 'Feed token created')
      await expect(box.getByRole('textbox', { name: 'Secret' })).toHaveValue(madeUpCreated.secret)
      await expect(dialog(page, 'Create feed token')).toBeHidden()
    },
    slowAnswer: { json: () => madeUpCreated },
  },
  {
    ...callTo('revokeFeedToken', madeUpToken.id),
    account: demo.plus,
    // The demo owner has no token: the page's list holds a made-up one, which the user revokes.
    stubs: [{ ...apiRequest('feedTokens'), json: [madeUpToken] }],
    ...dialogCall(
      'Revoke feed token',
      'Revoke',
      async (page) => {
        await page.goto(feedTokensPath)
        await page.getByRole('button', { name: `Revoke ${madeUpToken.name}` }).click()
      },
      { cancel: 'waits' },
    ),
    failed: async (page, message) => {
      await dialogFailed(page, 'Revoke feed token', 'Revoke', message)
      await expect(dialog(page, 'Revoke feed token')).toContainText(`Revoke ${madeUpToken.name} (…${madeUpToken.last4})?`)
    },
    done: async (page) => {
      await expect(dialog(page, 'Revoke feed token')).toBeHidden()
      await expect(page.getByText('No feed tokens yet.')).toBeVisible()
    },
    slowAnswer: { status: 204 },
    ignoresBody: true,
  },
  {
    ...callTo('revokeFeedTokensBy'),
    account: demo.plus,
    // As for one token: the page's list holds a made-up one, and the user revokes all its maker's.
    stubs: [{ ...apiRequest('feedTokens'), json: [madeUpToken] }],
    ...dialogCall(
      "Revoke a person's feed tokens",
      'Revoke all',
      async (page) => {
        await page.goto(feedTokensPath)
        await page.getByRole('button', { name: `Revoke all tokens by ${madeUpToken.createdBy.name}` }).click()
      },
      { cancel: 'waits' },
    ),
    failed: async (page, message) => {
      await dialogFailed(page, "Revoke a person's feed tokens", 'Revoke all', message)
      await expect(dialog(page, "Revoke a person's feed tokens")).toContainText(`made by ${madeUpToken.createdBy.name}`)
    },
    done: async (page) => {
      await expect(dialog(page, "Revoke a person's feed tokens")).toBeHidden()
      await expect(page.getByText('No feed tokens yet.')).toBeVisible()
    },
    slowAnswer: { json: () => ({ revoked: 1 }) },
  },
  {
    ...callTo('resumeFeedToken', madeUpLeaked.id),
    account: demo.plus,
    stubs: [{ ...apiRequest('feedTokens'), json: [madeUpLeaked] }],
    ...dialogCall(
      'Resume feed token',
      'Resume',
      async (page) => {
        await page.goto(feedTokensPath)
        await page.getByRole('button', { name: `Resume ${madeUpLeaked.name}` }).click()
      },
      { cancel: 'waits' },
    ),
    failed: async (page, message) => {
      await dialogFailed(page, 'Resume feed token', 'Resume', message)
      await expect(page.getByText('Suspended: possible leak')).toBeVisible()
    },
    done: async (page) => {
      await expect(dialog(page, 'Resume feed token')).toBeHidden()
      await expect(page.getByText('Suspended: possible leak')).toBeHidden()
      await expect(page.getByRole('button', { name: `Resume ${madeUpLeaked.name}` })).toBeHidden()
    },
    slowAnswer: { status: 204 },
    ignoresBody: true,
  },
  {
    ...callTo('stats'),
    account: demo.commercial,
    ...pageLoad('/account/licenses', 'Your licenses could not be loaded', licensesLoading),
    done: (page) => expect(page.getByRole('group', { name: 'Available' })).toContainText('3'),
  },
  {
    ...callTo('assignedLicenses'),
    account: demo.commercial,
    ...pageLoad('/account/licenses', 'Your licenses could not be loaded', licensesLoading),
    done: (page) => expect(page.getByRole('row', { name: /dev1@example\.com/ })).toBeVisible(),
  },
  {
    ...callTo('assignedCsv'),
    account: demo.commercial,
    ...downloadOnManageLicenses('Download CSV', 'The CSV could not be downloaded', 'assigned-licenses.csv'),
    // The file is saved as it comes: a malformed JSON body is text like any other.
    slowAnswer: 'server',
    ignoresBody: true,
  },
  {
    ...callTo('assign'),
    account: demo.commercial,
    ...dialogCall(
      'Assign License',
      'Assign',
      async (page) => {
        await openManageLicensesDialog(page, 'Assign License')
        const box = dialog(page, 'Assign License')
        await box.getByLabel('First name').fill(assignee.firstName)
        await box.getByLabel('Last name').fill(assignee.lastName)
        await box.getByLabel('Email').fill(assignee.email)
      },
      { kept: expectAssigneeKept },
    ),
    done: async (page) => {
      await expectNotice(page, `License assigned to ${assignee.email}.`)
      await expect(page.getByRole('row', { name: new RegExp(assignee.email) })).toHaveCount(1)
    },
    slowAnswer: { json: () => ({ id: 'seat_fault', ...assignee, expirationDate: '2030-01-01T00:00:00.000Z' }) },
  },
  {
    ...callTo('unassign'),
    account: demo.commercial,
    ...dialogCall('Unassign License', 'Unassign', async (page) => {
      await openManageLicenses(page)
      await page.getByRole('button', { name: 'Unassign Dev One' }).click()
    }),
    done: async (page) => {
      await expectNotice(page, 'License unassigned from dev1@example.com.')
      await expect(page.getByRole('row', { name: /dev1@example\.com/ })).toHaveCount(0)
    },
    slowAnswer: {},
    ignoresBody: true,
  },
  {
    ...callTo('licenseFile', devOneSeat),
    account: demo.commercial,
    // Dev One's row: the server's signed file, saved under its name; a body that is no license file is a failure.
    ...downloadOnManageLicenses('Download the license file of Dev One', 'The license file could not be downloaded', 'prism-license.jwt'),
    slowAnswer: 'server',
  },
  {
    // The seed's second seat of the Commercial subscription: Dev One's.
    ...callTo('regenerateKey', devOneSeat),
    account: demo.commercial,
    reach: async (page) => {
      await openManageLicenses(page)
      await page.getByRole('button', { name: 'Regenerate key of Dev One' }).click()
    },
    send: (page) => dialog(page, 'Regenerate key').getByRole('button', { name: 'Regenerate key' }).click(),
    retry: (page) => dialog(page, 'Regenerate key').getByRole('button', { name: 'Try again' }).click(),
    failed: async (page, message) => {
      await dialogFailed(page, 'Regenerate key', 'Try again', message)
      await expect(dialog(page, 'Regenerate key').getByText(/The old key stops working at once/)).toBeVisible()
    },
    waiting: async (page) => {
      await dialogWaits(page, 'Regenerate key', 'Regenerate key')
    },
    done: async (page) => {
      await expect(dialog(page, 'Regenerate key').getByRole('textbox', { name: 'New license key' })).toHaveValue(/^\S+$/)
      await expect(dialog(page, 'Regenerate key').getByText('Dev One (dev1@example.com) sees the new key in My Licenses.')).toBeVisible()
    },
    slowAnswer: { json: () => ({ licenseId: devOneSeat, licenseKey: 'PRSM-FAULT-00000-00000-00000-00000' }) },
  },
  {
    ...callTo('activity'),
    account: demo.commercial,
    ...pageLoad('/account/licenses', 'Recent activity could not be loaded', (page) => page.getByLabel('Loading recent activity')),
    // Only Recent activity's own Try again: the rest of the page loaded.
    retry: (page) => page.getByRole('alert').filter({ hasText: 'Recent activity could not be loaded' }).getByRole('button', { name: 'Try again' }).click(),
    done: async (page) => {
      await expect(page.getByRole('group', { name: 'Available' })).toBeVisible()
      await expect(recentActivity(page).getByRole('listitem').or(recentActivity(page).getByText('No activity yet.')).first()).toBeVisible()
    },
  },
  {
    ...sentFrom(callTo('createCheckoutSession'), 'Manage Licenses'),
    account: demo.full,
    ...dialogCall(
      'Buy Additional Licenses',
      'Continue to checkout',
      async (page) => {
        await openManageLicensesDialog(page, 'Buy Additional Licenses')
        await dialog(page, 'Buy Additional Licenses').getByLabel('Additional licenses').fill('3')
      },
      { kept: (page) => expect(dialog(page, 'Buy Additional Licenses').getByLabel('Additional licenses')).toHaveValue('3') },
    ),
    ...leavesForCheckout,
  },
  {
    ...callTo('product', 'commercial'),
    account: demo.nolicense,
    ...loadOrHome('/account/purchase?pid=commercial'),
    done: (page) => expect(page.getByRole('heading', { level: 1, name: 'Purchase Commercial' })).toBeVisible(),
  },
  {
    ...sentFrom(callTo('createCheckoutSession'), 'purchase page'),
    account: demo.nolicense,
    reach: async (page) => {
      await page.goto('/account/purchase?pid=commercial')
      await page.getByRole('button', { name: 'More developers' }).click()
      await expect(page.getByLabel('2 developers')).toBeVisible()
    },
    send: (page) => page.getByRole('button', { name: 'Buy Commercial' }).click(),
    retry: (page) => page.getByRole('button', { name: 'Buy Commercial' }).click(),
    failed: async (page, message) => {
      await expect(page.getByRole('alert')).toHaveText(message)
      await expect(page.getByLabel('2 developers')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Buy Commercial' })).toBeEnabled()
    },
    waiting: async (page) => {
      await loading(page, 'Buy Commercial')
      await sidebarUsable(page)
    },
    ...leavesForCheckout,
  },
  {
    ...callTo('checkoutStatus', 'cs_fault'),
    account: demo.nolicense,
    reach: async () => {},
    send: async (page) => void (await page.goto(checkoutReturn)),
    // 404 is no such checkout: not paid. Any other failure claims none, since Stripe took the payment.
    failed: async (page, message) => {
      // The branch is the test: 404 and every other failure say different things (the comment above).
      if (message === catalogue.notFound) {
        await expect(page.getByRole('heading', { level: 1, name: 'Purchase Incomplete' })).toBeVisible()
        await expect(page.getByRole('link', { name: 'Choose a license' })).toBeVisible()
      } else {
        await expect(page.getByRole('heading', { level: 1, name: 'Purchase Complete' })).toBeVisible()
        await expect(page.getByRole('status').filter({ hasText: 'Thank you! Your payment went through.' })).toHaveText(
          'Thank you! Your payment went through. Your licenses are being processed and will appear in My Licenses shortly.',
        )
        await expect(page.getByRole('link', { name: 'Go to My Licenses' })).toBeVisible()
        await expect(page.getByRole('alert')).toHaveCount(0)
      }
      await sidebarUsable(page)
    },
    waiting: async (page) => {
      await expect(page.getByRole('status').filter({ hasText: 'Checking your purchase…' })).toBeVisible()
      await sidebarUsable(page)
    },
    done: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Purchase Complete' })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'Your licenses are ready' })).toBeVisible()
    },
    slowAnswer: { json: () => ({ status: 'fulfilled' }) },
    logged: /^The checkout's status could not be read: /,
    notLoggedFor: ['404'],
  },
  {
    ...callTo('createPortalSession'),
    account: demo.commercial,
    reach: async (page) => {
      await page.goto('/account')
      await expect(licenseCard(page, 'Commercial')).toBeVisible()
    },
    send: (page) =>
      nav(page)
        .getByRole('button', { name: /Billing/ })
        .click(),
    retry: (page) =>
      nav(page)
        .getByRole('button', { name: /Billing/ })
        .click(),
    failed: async (page, message) => {
      const alert = page.getByRole('alert').filter({ hasText: 'Billing portal' })
      await expect(alert).toContainText(message)
      await expect(alert.getByRole('button', { name: 'Dismiss' })).toBeEnabled()
      await expect(nav(page).getByRole('button', { name: /Billing/ })).toBeEnabled()
    },
    waiting: async (page) => {
      await expect(page.getByLabel('Opening the billing portal')).toBeVisible()
      await sidebarUsable(page)
    },
    done: (page) => landed(page, '/privacy'),
    slowAnswer: { json: (origin) => ({ url: elsewhere(origin) }) },
  },
  {
    ...callTo('hasDefaultPaymentMethod'),
    account: demo.commercial,
    reach: async (page) => {
      await openUpgrade(page)
      await dialog(page, 'Upgrade Subscription').getByLabel('Licenses').fill('7')
    },
    send: continueUpgrade,
    retry: continueUpgrade,
    failed: async (page, message) => {
      const box = dialog(page, 'Upgrade Subscription')
      await expect(box.getByRole('alert')).toHaveText(message)
      await expect(box.getByLabel('Licenses')).toHaveValue('7')
      await expect(box.getByRole('button', { name: 'Continue' })).toBeEnabled()
      await expect(box.getByRole('button', { name: 'Cancel' })).toBeEnabled()
    },
    waiting: async (page) => {
      await loading(dialog(page, 'Upgrade Subscription'), 'Continue')
      await expect(dialog(page, 'Upgrade Subscription').getByLabel('Licenses')).toHaveValue('7')
    },
    done: (page) => expect(dialog(page, 'Upgrade Subscription').getByRole('table', { name: 'Your upgrade' })).toContainText('7'),
    slowAnswer: 'server',
  },
  {
    ...callTo('createSetupIntent'),
    account: demo.full,
    reach: openUpgrade,
    send: continueUpgrade,
    retry: async (page) => {
      await dialog(page, 'Upgrade Subscription').getByRole('button', { name: 'Close' }).click()
      await page.getByRole('button', { name: 'Upgrade to Commercial Plus' }).click()
      await continueUpgrade(page)
    },
    failed: upgradeFailed,
    waiting: async (page) => {
      await expect(page.getByLabel('Loading the payment form')).toBeVisible()
      await expect(dialog(page, 'Upgrade Subscription').getByRole('button', { name: 'Back' })).toBeEnabled()
    },
    done: (page) => expect(dialog(page, 'Upgrade Subscription').getByLabel('Card number')).toBeVisible(),
    slowAnswer: 'server',
  },
  {
    ...callTo('saveDefaultPaymentMethod'),
    ...savingACard,
    // Try Again leads to confirm, and Back from there to a new payment form (spec section 4).
    retry: async (page) => {
      const box = dialog(page, 'Upgrade Subscription')
      await box.getByRole('button', { name: 'Try Again' }).click()
      await box.getByRole('button', { name: 'Back' }).click()
      await fillCard(page)
      await box.getByRole('button', { name: 'Save payment method' }).click()
    },
    failed: upgradeFailed,
    // The answer names the card saved, which the confirm step shows without asking again.
    done: (page) => expect(dialog(page, 'Upgrade Subscription').getByRole('table', { name: 'Your upgrade' })).toContainText('Visa ending in 4242'),
    slowAnswer: { json: () => ({ paymentMethodId: 'pm_fault', card: { brand: 'visa', last4: '4242' } }) },
    message: 'Failed to save payment method. Please try again.',
  },
  {
    ...callTo('upgradePreview'),
    account: demo.commercial,
    reach: openUpgrade,
    // With a card on file, Continue looks it up and then loads what is due today.
    send: continueUpgrade,
    // Try Again loads the preview again: confirm never shows without it.
    retry: (page) => dialog(page, 'Upgrade Subscription').getByRole('button', { name: 'Try Again' }).click(),
    failed: upgradeFailed,
    waiting: async (page) => {
      const box = dialog(page, 'Upgrade Subscription')
      await expect(box.getByRole('status').filter({ hasText: 'Loading the amount due today…' })).toBeVisible()
      await expect(box.getByRole('table', { name: 'Your upgrade' })).toContainText('Commercial Plus')
      await expect(box.getByRole('button', { name: 'Confirm' })).toBeDisabled()
      await expect(box.getByRole('button', { name: 'Close' })).toBeEnabled()
    },
    done: async (page) => {
      const box = dialog(page, 'Upgrade Subscription')
      await expect(box.getByText(/^Due today: \$[\d,]+\.\d\d$/)).toBeVisible()
      await expect(box.getByText(/^Then \$[\d,]+\.\d\d per year from [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible()
      await expect(box.getByRole('button', { name: 'Confirm' })).toBeEnabled()
    },
    slowAnswer: 'server',
  },
  {
    ...callTo('upgrade'),
    account: demo.commercial,
    reach: async (page) => {
      await openUpgrade(page)
      await continueUpgrade(page)
      await expect(dialog(page, 'Upgrade Subscription').getByRole('table', { name: 'Your upgrade' })).toBeVisible()
    },
    send: (page) => dialog(page, 'Upgrade Subscription').getByRole('button', { name: 'Confirm' }).click(),
    retry: async (page) => {
      await dialog(page, 'Upgrade Subscription').getByRole('button', { name: 'Try Again' }).click()
      await dialog(page, 'Upgrade Subscription').getByRole('button', { name: 'Confirm' }).click()
    },
    failed: upgradeFailed,
    waiting: (page) => loading(dialog(page, 'Upgrade Subscription'), 'Confirm'),
    done: (page) => expect(dialog(page, 'Upgrade Subscription').getByRole('heading', { name: 'Upgrade Successful!' })).toBeVisible(),
    slowAnswer: {},
    ignoresBody: true,
  },
  // The organisation's calls (issue 30).
  ...organisationCalls,
  // The billing paperwork and renewals (issue 31).
  ...billingCalls,
]

async function expectAssigneeKept(page: Page) {
  const box = dialog(page, 'Assign License')
  await expect(box.getByLabel('First name')).toHaveValue(assignee.firstName)
  await expect(box.getByLabel('Last name')).toHaveValue(assignee.lastName)
  await expect(box.getByLabel('Email')).toHaveValue(assignee.email)
}
