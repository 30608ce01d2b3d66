let browserOrigin: string | undefined

/** The origin of the page a view-table row is read on: the tests' DOM's, or the browser page's while a tour reads it (e2e/support/view-row.ts). */
export const pageOrigin = () => browserOrigin ?? window.location.origin

/** Rows read from now on are read on a browser page of this origin (the tests' DOM's again with none). */
export function readRowsOn(origin: string | undefined) {
  browserOrigin = origin
}
