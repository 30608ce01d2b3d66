/** Leaves the app for an address elsewhere (the hosted checkout, the billing portal); one seam tests can replace. */
export function leaveSiteFor(url: string) {
  window.location.assign(url)
}
