/**
 * The rules of the spec (../shared/spec/product-spec.md) that the portal's flows realise, each with
 * a stable ID and the spec's own words (decision 0052). The public pages (landing, privacy,
 * fulfillment, 404) are no flow and are not listed. A state or transition that realises a rule
 * names its ID in `meta.requirements`; a test that checks a rule names its ID in its title, in
 * brackets (`[S8.status-404]`). `tests/house/requirements.test.ts` fails when a rule has no test
 * and no `outOfScope` reason, or when a machine or a test names an ID that is not here. An ID is
 * never reused for another rule: a rule the spec drops is marked out of scope, not removed.
 */
export interface Requirement {
  /** S<section>.<subject> (or I<issue>.<subject> for a rule an issue added): stable, never reused. */
  id: string
  /** The spec's own words. */
  text: string
  /** Why no test checks it: it is not the portal's to check, or the project departs from it (and where that is decided). */
  outOfScope?: string
}

const rule = (id: string, text: string, outOfScope?: string): Requirement => (outOfScope ? { id, text, outOfScope } : { id, text })

export const requirements: readonly Requirement[] = [
  // 2. Screens and routes: the account area
  rule('S2.account.sign-in', 'Requires sign-in by redirect login, returning to /account.'),
  rule('S2.account.loading', "While the account loads it shows 'Loading, please wait...'."),
  rule('S2.account.sidebar', 'Sidebar layout: My Licenses, Profile, Billing, Manage Licenses.'),
  rule('S2.account.manage-hidden', 'Manage Licenses is hidden when the account has no allowedPriceId.'),
  rule('S2.account.billing', "Billing is hidden unless the account has hasStripeAccount; it opens the provider's customer portal instead of navigating."),
  rule('S2.account.user-menu', 'User menu shows the name (or email), an avatar or default icon, and a Logout item.'),
  rule('S2.my-licenses.card', "Grid of license cards. Each shows the subscription name, a green 'Active' badge, 'Owner: ' followed by accountEmail, and 'Expires: ' with a long US-format date."),
  rule('S2.my-licenses.card-actions', "Commercial Plus cards with a licenseKey show 'Connect Discord' (or a green 'Discord Connected') plus 'License Key'. Other cards show only 'License Key'."),
  rule(
    'S2.my-licenses.key-dialog',
    'License Key dialog: for Commercial Plus it shows the private package feed source, a username (the account email) and a password (the license key), all read-only. For other plans it shows a read-only key box.',
  ),
  rule('S2.my-licenses.copy-and-close', "The button 'Copy and Close' copies the key."),
  rule('S2.my-licenses.empty', "Empty list: 'No Licenses Assigned', 'Get started by purchasing a license.' and a 'Purchase License' link to /#pricing."),
  rule(
    'S2.my-licenses.discord-dialog',
    "Connect Discord dialog: instructions to create a Discord account and find the username, a text input 'Discord username', and a button 'Join Prism Discord' (disabled while blank).",
  ),
  rule('S2.profile.form', "Form with sections 'Personal Information' and 'Notifications' and an 'Update Profile' submit button."),
  rule('S2.profile.email-read-only', 'Email is read-only.'),
  rule('S2.manage.tiles', 'Four stat tiles (subscription, purchased, assigned, available) and a table of assigned licenses.'),
  rule('S2.manage.action-button', "Button shown: 'Buy Additional Licenses' when available is 0 and the plan is not Community; 'Assign License' when available > 0; otherwise none."),
  rule('S2.manage.upgrade-badge', 'An Upgrade badge shows only for Community.'),
  rule('S2.purchase.load', "Loads the product for pid. Missing pid or failed product load redirects to '/'."),
  rule(
    'S2.purchase.not-available',
    "If the account has an allowedPriceId different from pid, it shows 'License not available' - 'Sorry, the license you are looking for is not available for your account. Accounts are limited to one license type.' with the link 'Chose another license type' to /#pricing.",
  ),
  rule('S2.purchase-complete.result', "success=true shows 'Purchase Complete'; otherwise 'Purchase Incomplete'."),
  rule('S2.redirect-addresses', 'The sign-in redirect address and post-logout address are both the site root.'),

  // 4. States and transitions
  rule('S4.session.load', "Session: the signed-in account is loaded on start; on failure the user goes to '/'."),
  rule('S4.auth.states', 'Sign-in interaction states: startup, none, login, acquire token, silent sign-in, handle redirect, logout.'),
  rule('S4.auth.active-account', 'After a successful login, token acquisition or silent sign-in, the account in the event becomes the active account.'),
  rule('S4.auth.first-account', 'At startup, if no account is active but accounts exist, the first becomes active.'),
  rule('S4.manage.dialog-mode', 'Manage Licenses dialog mode: none, assign, upgrade, purchase.'),
  rule('S4.upgrade.paths', 'Upgrade paths: Community to Commercial or Commercial Plus; Commercial to Commercial Plus; Commercial Plus has none.'),
  rule('S4.upgrade.steps', 'Upgrade dialog steps: select (choose plan, seat count, Continue) then payment (only when no default payment method exists) then confirm then success or failure.'),
  rule('S4.upgrade.failure', "Failure view shows the message and offers 'Try Again' (back to confirm) and 'Refresh Page'."),
  rule('S4.upgrade.success', "Success shows 'Upgrade Successful!' and 'Refresh Page'."),
  rule('S4.upgrade.back', 'Back: payment to select; confirm to payment if a payment form was used, else to select.'),
  rule('S4.manage.assign', 'Assign: adds a row, assigned +1, available -1.'),
  rule('S4.manage.unassign', 'Unassign: removes the row, assigned -1, available +1.'),
  rule('S4.discord.invite', 'Discord connect: a returned invite link opens in a new tab and sets discordConnected.'),
  rule('S4.token.silent-renewal', 'Silent token renewal retries by refresh token, then by a hidden frame, when the refresh token is invalid or expired.'),

  // 5. Validation rules
  rule('S5.assign.required', 'Assign form: firstName, lastName and email are all required; email must be a valid email.'),
  rule('S5.discord.blank', 'Discord connect is disabled while the username is empty or only spaces.'),
  rule('S5.seats.minimum', 'Seats: minimum 1.'),
  rule('S5.seats.upgrade-maximum', 'Maximum 500 in the upgrade flow.'),
  rule('S5.seats.additional-no-maximum', 'Purchase-additional has no maximum.'),
  rule('S5.seats.community-five', 'On the purchase page, increase is blocked at 5 for Community only.'),
  rule('S5.purchase.allowed-price', 'Purchase page: an account with allowedPriceId may only buy that same price.'),
  rule('S5.payment.inline', 'Payment form validation errors are shown inline by the provider and do not switch to the failure view.'),

  // 6. Roles and permissions
  rule('S6.visitor', 'Visitor: public pages only.'),
  rule('S6.owner-assigns', 'Owner can assign and unassign seats.'),
  rule('S6.scopes', 'API scopes for the accounts service: accounts.read and accounts.write. The default sign-in request asks only for accounts.read.'),
  rule('S6.no-admin', 'No admin role is shown.', 'The portal adds organisation roles (owner, admin, billing manager, member: decision 0040 and issue 30); the members flow shows them on purpose.'),

  // 7. The calls it makes
  rule('S7.bearer', 'All calls use a silently acquired bearer token and JSON bodies.'),
  rule('S7.login', 'POST /api/auth/login with firstName, lastName, email, oid answers the account.'),
  rule('S7.licenses', 'GET /api/licenses answers licenses[].'),
  rule('S7.assigned', 'GET /api/licenses/assigned answers licenses[].'),
  rule('S7.assign', 'POST /api/licenses/assign with firstName, lastName, email answers the assigned license.'),
  rule('S7.unassign', 'POST /api/licenses/unassign with licenseId.'),
  rule('S7.stats', 'GET /api/account/stats/ answers subscription, purchased, assigned, available.'),
  rule('S7.account', 'GET /api/account/ answers the account profile fields.'),
  rule('S7.update-account', 'PUT /api/account/ with the profile fields.'),
  rule('S7.discord-connect', 'POST /api/discord/connect with discordName answers inviteLink or discordConnected.'),
  rule('S7.customer-portal', 'POST /api/stripe/create-customer-portal-session with returnUrl answers url (the user navigates to it).'),
  rule('S7.has-payment-method', 'GET /api/stripe/has-default-payment-method answers hasPaymentMethod.'),
  rule('S7.setup-intent', 'GET /api/stripe/create-setup-intent answers clientSecret.'),
  rule('S7.save-payment-method', 'POST /api/stripe/save-default-payment-method with paymentMethodId.'),
  rule('S7.upgrade', 'POST /api/stripe/upgrade-community-subscription with priceId, quantity.'),
  rule('S7.checkout', 'POST /api/stripe/create-checkout-session with priceId, quantity, successUrl, cancelUrl answers sessionId, then redirect to hosted checkout.'),
  rule('S7.product', 'GET /api/products/{pid} answers the product.'),
  rule(
    'S7.checkout-return',
    'Checkout: the success address carries success=true and the session id placeholder; the cancel address has success=false. The return goes to /account/licenses for additional licenses, or /account/purchase/complete for a new purchase.',
  ),

  // 8. Error catalogue
  rule(
    'S8.message-from-body',
    "Generic request failure text is taken from the response's message, error, error_description, title or errors; else a short text body under 200 characters; else by status.",
  ),
  rule('S8.status-400', "400: The request couldn't be processed. Please check your information and try again."),
  rule('S8.status-401-403', "401, 403: You don't have permission to perform this action. Please log in again or contact support."),
  rule('S8.status-404', "404: The requested information couldn't be found. Please try again or contact support."),
  rule('S8.status-409', '409: There was a conflict with your request. The item may have been modified by another user.'),
  rule('S8.status-422', "422: The information provided couldn't be processed. Please check your entries and try again."),
  rule('S8.status-429', "429: You've made too many requests. Please wait a moment and try again."),
  rule('S8.status-5xx', "500, 502, 503, 504: We're experiencing technical difficulties. Please try again later or contact support if the problem persists."),
  rule('S8.status-other', 'other: An unexpected error occurred. Please try again or contact support if the problem persists.'),
  rule('S8.network', "Network failure: 'There was a problem connecting to the server. Please try again.'"),
  rule('S8.bad-json', "Bad JSON: 'Failed to parse API response as JSON'."),
  rule('S8.token', "Token failure: 'Could not acquire access token'."),
  rule('S8.upgrade.not-ready', "Upgrade flow: 'Payment system is not ready. Please try again in a moment.'"),
  rule('S8.upgrade.setup-failed', "Upgrade flow: 'Payment setup failed. Please try again.'"),
  rule('S8.upgrade.not-saved', "Upgrade flow: 'Failed to save payment method. Please try again.'"),
  rule('S8.upgrade.setup-unexpected', "Upgrade flow: 'An unexpected error occurred during payment setup. Please try again.'"),
  rule('S8.upgrade.unknown', "Upgrade flow: 'An unknown error occurred during the upgrade process.'"),
  rule('S8.routing', "Routing failures show an 'Unexpected Application Error!' view with the status or message."),
  rule('S8.sign-in', 'Sign-in errors: invalid interaction type; cannot fall back to interaction because another interaction is in progress.'),
  rule('S8.logged-only', 'Most other call failures are only logged, with no user message.'),

  // 9. Business constants and limits
  rule('S9.prices', 'Prices in cents, shown as USD with two decimals: 0, 29900, 49900. Billed annually per developer. Total = price x seats.'),
  rule('S9.seats', 'Seats: minimum 1; maximum 500 (upgrade); 5 (Community purchase page).'),
  rule('S9.upgrade-default-seats', 'Default seats in upgrade = licenses purchased, or 1.'),
  rule('S9.dates', 'Dates in long US format.'),
  rule('S9.auto-renew', 'No refunds; subscriptions auto-renew annually.'),

  // Issue 49, buying as a company: quotes (decision 0055). I<issue>.<subject>: rules an issue added to the spec.
  rule('I49.quote.request', 'A billing manager or owner asks for a quote for a plan and a number of seats, with a PO number.'),
  rule('I49.quote.listed', "The quote is listed on Invoices and company with its number, total, 'Valid until' and its PDF."),
  rule('I49.quote.accept', 'Accepting it in the portal creates the invoice-paid subscription, as an order by invoice does.'),
  rule('I49.quote.refused', 'A quote accepted twice, or after it expired: 409 in words, shown to the user, nothing created.'),
  rule('I49.quote.once', "Two clicks on 'Request quote' make one quote."),
  rule('I49.quote.po-number', 'A PO number that is too long or has control characters: a field error, nothing sent.'),
]

/** The requirements by ID. */
export const requirementById: ReadonlyMap<string, Requirement> = new Map(requirements.map((requirement) => [requirement.id, requirement]))

/** How a test names the IDs it checks: in its title, in brackets, several separated by spaces (a spec section's S8.…, an issue's I49.…). */
export const requirementTag = /\[((?:S\d|I\d+)\.[\w.-]+(?: (?:S\d|I\d+)\.[\w.-]+)*)\]/g
