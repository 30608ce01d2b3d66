import { hasSignInAnswer, removeSignOutState } from './auth/lazy-auth'
import { installPublicPageBehaviours } from './ui/site/public-page-behaviours'
import { type PublicPageAssets, publicPageAssetsId } from './prerender/public-page-assets'

/**
 * The only script of a prerendered public page, inlined at the end of its body by
 * scripts/prerender.ts (decision 0013): the page's behaviours, without the app. The app is loaded
 * only when the identity provider answers at the site root (MSAL's redirect address), to finish
 * the sign-in. What the build knows (the app's entry, the portal's files) comes in a JSON block.
 */
const assets = JSON.parse(document.getElementById(publicPageAssetsId)?.textContent ?? '{}') as PublicPageAssets

if (hasSignInAnswer({ hash: window.location.hash, searchStr: window.location.search })) {
  // The app's own start finishes the sign-in and goes on to the page first asked for.
  for (const file of assets.app.slice(1)) {
    const hint = document.createElement('link')
    hint.rel = 'modulepreload'
    hint.href = file
    hint.crossOrigin = ''
    document.head.append(hint)
  }
  const entry = document.createElement('script')
  entry.type = 'module'
  entry.crossOrigin = ''
  entry.src = assets.app[0]!
  document.body.append(entry)
} else {
  removeSignOutState(window.location, window.history)
  installPublicPageBehaviours(document, { prerendered: { portalFiles: assets.portalFiles } })
}
