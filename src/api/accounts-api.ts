import * as v from 'valibot'
import { apiCall } from '@/common/api-paths'
import * as billing from '@/common/billing-contract'
import * as contract from '@/common/contract'
import * as organisations from '@/common/organisation-contract'
import { createCaller, type Access, type Caller } from './client'
import { config, resolveAddress } from '../config/config'

/** Every call of spec section 7, one function each. All take an AbortSignal for cancellation. */
export function createAccountsApi(call: Caller) {
  return {
    login: (body: contract.LoginRequest, signal?: AbortSignal) => call({ ...apiCall('login'), body, answer: contract.accountSchema, signal }),
    licenses: (signal?: AbortSignal) => call({ ...apiCall('licenses'), answer: contract.licensesSchema, signal }),
    assignedLicenses: (signal?: AbortSignal) => call({ ...apiCall('assignedLicenses'), answer: contract.assignedLicensesSchema, signal }),
    assign: (body: contract.AssignRequest, signal?: AbortSignal) => call({ ...apiCall('assign'), body, answer: contract.assignedLicenseSchema, signal }),
    unassign: (body: contract.UnassignRequest, signal?: AbortSignal) => call({ ...apiCall('unassign'), body, answer: null, signal }),
    regenerateKey: (licenseId: string, signal?: AbortSignal) => call({ ...apiCall('regenerateKey', licenseId), answer: contract.regeneratedKeySchema, signal }),
    /** A seat's signed license file (issue 47): the compact JWS as the server signed it. */
    licenseFile: (licenseId: string, signal?: AbortSignal) => call({ ...apiCall('licenseFile', licenseId), answer: contract.licenseFileSchema, textAnswer: 'application/jwt', signal }),
    /** The owner's seats for a spreadsheet (our addition): the CSV as the server wrote it. */
    assignedCsv: (signal?: AbortSignal) => call({ ...apiCall('assignedCsv'), answer: v.string(), textAnswer: 'text/csv', signal }),
    stats: (signal?: AbortSignal) => call({ ...apiCall('stats'), answer: contract.statsSchema, signal }),
    /** The owner's activity, newest first; `before` is the previous page's nextCursor. */
    activity: (query: { before: string | null; limit: number }, signal?: AbortSignal) => call({ ...apiCall('activity'), query: activitySearch(query), answer: contract.activityPageSchema, signal }),
    /** The caller's feed tokens for CI (our addition), newest first, never their secrets. */
    feedTokens: (signal?: AbortSignal) => call({ ...apiCall('feedTokens'), answer: contract.feedTokensSchema, signal }),
    createFeedToken: (body: contract.CreateFeedTokenRequest, signal?: AbortSignal) => call({ ...apiCall('createFeedToken'), body, answer: contract.createdFeedTokenSchema, signal }),
    revokeFeedToken: (tokenId: string, signal?: AbortSignal) => call<void>({ ...apiCall('revokeFeedToken', tokenId), answer: null, signal }),
    resumeFeedToken: (tokenId: string, signal?: AbortSignal) => call<void>({ ...apiCall('resumeFeedToken', tokenId), answer: null, signal }),
    revokeFeedTokensBy: (body: contract.RevokeFeedTokensByRequest, signal?: AbortSignal) => call({ ...apiCall('revokeFeedTokensBy'), body, answer: contract.revokedFeedTokensSchema, signal }),
    account: (signal?: AbortSignal) => call({ ...apiCall('account'), answer: contract.accountSchema, signal }),
    updateAccount: (body: contract.ProfileFields, signal?: AbortSignal) => call({ ...apiCall('updateAccount'), body, answer: null, signal }),
    connectDiscord: (discordName: string, signal?: AbortSignal) => call({ ...apiCall('connectDiscord'), body: { discordName }, answer: contract.discordConnectAnswerSchema, signal }),
    createPortalSession: (returnUrl: string, signal?: AbortSignal) => call({ ...apiCall('createPortalSession'), body: { returnUrl }, answer: contract.urlAnswerSchema, signal }),
    hasDefaultPaymentMethod: (signal?: AbortSignal) => call({ ...apiCall('hasDefaultPaymentMethod'), answer: contract.hasPaymentMethodSchema, signal }),
    createSetupIntent: (signal?: AbortSignal) => call({ ...apiCall('createSetupIntent'), answer: contract.setupIntentSchema, signal }),
    saveDefaultPaymentMethod: (paymentMethodId: string, signal?: AbortSignal) =>
      call({ ...apiCall('saveDefaultPaymentMethod'), body: { paymentMethodId }, answer: contract.savedPaymentMethodSchema, signal }),
    upgrade: (body: contract.UpgradeRequest, signal?: AbortSignal) => call({ ...apiCall('upgrade'), body, answer: null, signal }),
    upgradePreview: (query: contract.UpgradeRequest, signal?: AbortSignal) =>
      call({ ...apiCall('upgradePreview'), query: new URLSearchParams({ priceId: query.priceId, quantity: String(query.quantity) }), answer: contract.upgradePreviewSchema, signal }),
    createCheckoutSession: (body: contract.CheckoutRequest, signal?: AbortSignal) => call({ ...apiCall('createCheckoutSession'), body, answer: contract.checkoutAnswerSchema, signal }),
    checkoutStatus: (sessionId: string, signal?: AbortSignal) => call({ ...apiCall('checkoutStatus', sessionId), answer: contract.checkoutStatusSchema, signal }),
    /** The owner's invoices and company details, and each subscription's renewal (our addition, issue 31). */
    invoices: (signal?: AbortSignal) => call({ ...apiCall('invoices'), answer: billing.invoicesSchema, signal }),
    companyDetails: (signal?: AbortSignal) => call({ ...apiCall('companyDetails'), answer: billing.savedCompanySchema, signal }),
    saveCompanyDetails: (body: billing.CompanyDetails, signal?: AbortSignal) => call({ ...apiCall('saveCompanyDetails'), body, answer: billing.savedCompanySchema, signal }),
    payByInvoice: (body: billing.InvoiceOrderRequest, signal?: AbortSignal) => call({ ...apiCall('payByInvoice'), body, answer: billing.invoiceOrderSchema, signal }),
    addSeatsByInvoice: (body: billing.InvoiceOrderRequest, signal?: AbortSignal) => call({ ...apiCall('addSeatsByInvoice'), body, answer: billing.invoiceOrderSchema, signal }),
    /** The account's quotes (issue 49), newest first; a quote for a plan and seats with a PO number; its acceptance, which orders by invoice; its PDF. */
    quotes: (signal?: AbortSignal) => call({ ...apiCall('quotes'), answer: billing.quotesSchema, signal }),
    requestQuote: (body: billing.QuoteRequest, signal?: AbortSignal) => call({ ...apiCall('requestQuote'), body, answer: billing.quoteSchema, signal }),
    acceptQuote: (quoteId: string, signal?: AbortSignal) => call({ ...apiCall('acceptQuote', quoteId), answer: billing.invoiceOrderSchema, signal }),
    quotePdf: (quoteId: string, signal?: AbortSignal) => call({ ...apiCall('quotePdf', quoteId), answer: v.instance(Blob), binaryAnswer: 'application/pdf', signal }),
    startTrial: (signal?: AbortSignal) => call({ ...apiCall('startTrial'), body: {}, answer: billing.trialSchema, signal }),
    extendTrial: (signal?: AbortSignal) => call({ ...apiCall('extendTrial'), body: {}, answer: billing.trialSchema, signal }),
    renewals: (signal?: AbortSignal) => call({ ...apiCall('renewals'), answer: billing.renewalsSchema, signal }),
    setRenewalSeats: (subscriptionId: string, body: billing.RenewalSeatsRequest, signal?: AbortSignal) =>
      call({ ...apiCall('setRenewalSeats', subscriptionId), body, answer: billing.renewalSchema, signal }),
    setAutoRenew: (subscriptionId: string, body: billing.AutoRenewRequest, signal?: AbortSignal) => call({ ...apiCall('setAutoRenew', subscriptionId), body, answer: billing.renewalSchema, signal }),
    product: (priceId: string, signal?: AbortSignal) => call({ ...apiCall('product', priceId), answer: contract.productSchema, signal }),
    ...organisationCalls(call),
  }
}

/** The organisation's calls (issue 30): its members and roles, ownership, invitations, and a pending seat's mail again. */
function organisationCalls(call: Caller) {
  return {
    /** The caller's organisation as they stand in it: their role, its members, an offer of ownership waiting. */
    organisation: (signal?: AbortSignal) => call({ ...apiCall('organisation'), answer: organisations.organisationSchema, signal }),
    changeRole: (oid: string, role: contract.MemberRole, signal?: AbortSignal) => call({ ...apiCall('changeRole', oid), body: { role }, answer: organisations.memberSchema, signal }),
    removeMember: (oid: string, signal?: AbortSignal) => call<void>({ ...apiCall('removeMember', oid), answer: null, signal }),
    offerTransfer: (body: organisations.TransferRequest, signal?: AbortSignal) => call({ ...apiCall('offerTransfer'), body, answer: organisations.organisationSchema, signal }),
    withdrawTransfer: (signal?: AbortSignal) => call<void>({ ...apiCall('withdrawTransfer'), answer: null, signal }),
    acceptTransfer: (signal?: AbortSignal) => call({ ...apiCall('acceptTransfer'), answer: organisations.organisationSchema, signal }),
    declineTransfer: (signal?: AbortSignal) => call<void>({ ...apiCall('declineTransfer'), answer: null, signal }),
    invitations: (signal?: AbortSignal) => call({ ...apiCall('invitations'), answer: organisations.invitationsSchema, signal }),
    invite: (body: organisations.InviteRequest, signal?: AbortSignal) => call({ ...apiCall('invite'), body, answer: organisations.invitationSchema, signal }),
    resendInvitation: (id: string, signal?: AbortSignal) => call({ ...apiCall('resendInvitation', id), answer: organisations.invitationSchema, signal }),
    revokeInvitation: (id: string, signal?: AbortSignal) => call<void>({ ...apiCall('revokeInvitation', id), answer: null, signal }),
    /** What an invitation's link offers the signed-in person (the link authenticates nobody). */
    invitationOffer: (secret: string, signal?: AbortSignal) => call({ ...apiCall('invitationOffer'), body: { secret }, answer: organisations.invitationOfferSchema, signal }),
    acceptInvitation: (secret: string, signal?: AbortSignal) => call<void>({ ...apiCall('acceptInvitation'), body: { secret }, answer: null, signal }),
    /** A pending seat's assignment mail again, as the caps allow. */
    resendSeatMail: (licenseId: string, signal?: AbortSignal) => call({ ...apiCall('resendSeatMail', licenseId), answer: organisations.seatMailResentSchema, signal }),
  }
}

function activitySearch({ before, limit }: { before: string | null; limit: number }) {
  return new URLSearchParams({ ...(before === null ? {} : { before }), limit: String(limit) })
}

export type AccountsApi = ReturnType<typeof createAccountsApi>

const apis = new WeakMap<object, AccountsApi>()

/** The accounts API with tokens from the given sign-in, one per sign-in. */
export function accountsApiFor(tokens: { accessToken(access: Access): Promise<string> }): AccountsApi {
  let api = apis.get(tokens)
  if (!api) {
    api = createAccountsApi(createCaller({ baseUrl: resolveAddress(config.VITE_API_BASE_URL), accessToken: oneAtATime((access) => tokens.accessToken(access)) }))
    apis.set(tokens, api)
  }
  return api
}

/**
 * Token requests one after another: the calls an account page starts side by side (the session's
 * account and organisation) ask for tokens of two scopes, and renewing both at once spends the same
 * refresh token twice, which the identity provider refuses the second time (a 400 in the browser's
 * log). A token in the cache comes at once, so the wait is only ever a renewal's.
 */
function oneAtATime(accessToken: (access: Access) => Promise<string>) {
  let last: Promise<unknown> = Promise.resolve()
  return (access: Access) => {
    const next = last.then(() => accessToken(access))
    last = next.catch(() => {})
    return next
  }
}
