/**
 * What the build tells a prerendered page's inline script (src/public-page.ts), in a JSON block
 * with this id: file addresses that change with every build.
 */
export interface PublicPageAssets {
  /** The app's entry module, then its static imports, as the portal's app shell loads them. */
  app: string[]
  /** Everything the portal's first page needs: the app, MSAL, the account area and their styles. */
  portalFiles: string[]
}

export const publicPageAssetsId = 'public-page-assets'
