import { checkoutReturnAddresses, checkoutReturnPages, type CheckoutReturnPage } from '@/common/checkout-return'
import type { PriceId } from '@/common/plans'
import { Refusal } from '../kernel/refusal'

/**
 * The addresses Stripe sends a person back to, built from the site's own origin (issue 48): the
 * request's address only picks the page, and must be on the site; its query, fragment and anything
 * else it carries are dropped, so no request can make Stripe send anyone elsewhere, or to a page
 * with parameters of its choosing.
 */
function pathOnSite(siteOrigin: string, field: string, address: string): string {
  const url = URL.canParse(address) ? new URL(address) : null
  if (url?.origin !== siteOrigin) throw new Refusal('invalid', `${field} must be an address on ${siteOrigin}`)
  return url.pathname.replace(/(.)\/+$/, '$1')
}

/** The hosted checkout's return: the page the request names (Manage Licenses or the purchase's result), the rest the site's. */
export function checkoutReturnOf(siteOrigin: string, request: { successUrl: string; cancelUrl: string; priceId: PriceId }) {
  const pages = ['successUrl', 'cancelUrl'].map((field) => {
    const page = pathOnSite(siteOrigin, field, request[field as 'successUrl' | 'cancelUrl'])
    if (!checkoutReturnPages.includes(page as CheckoutReturnPage)) throw new Refusal('invalid', `${field} must be Manage Licenses or the purchase's result page`)
    return page as CheckoutReturnPage
  })
  const [success, cancel] = pages as [CheckoutReturnPage, CheckoutReturnPage]
  const onCancel = (page: CheckoutReturnPage): Record<string, string> => (page === '/account/purchase/complete' ? { pid: request.priceId } : {})
  return { successUrl: checkoutReturnAddresses(`${siteOrigin}${success}`).successUrl, cancelUrl: checkoutReturnAddresses(`${siteOrigin}${cancel}`, onCancel(cancel)).cancelUrl }
}

/** The customer portal's return: the account area's page the request names (its path only), else My Licenses. */
export function portalReturnOf(siteOrigin: string, returnUrl: string): string {
  const page = pathOnSite(siteOrigin, 'returnUrl', returnUrl)
  return `${siteOrigin}${/^\/account(\/[\w-]+)*$/.test(page) ? page : '/account'}`
}
