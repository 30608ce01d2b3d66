import { colorSchemeStorageKey } from '../color-scheme'
import { scrollToSection } from './hash-scroll'

/**
 * The public pages' small behaviours as plain DOM code (decision 0013): the colour-scheme toggle,
 * the narrow-screen menu, the section links' delayed smooth scroll, and, on the prerendered pages,
 * fetching the portal's code when the visitor heads for the account. The prerendered pages run it
 * inline, before the visitor can click, and never load the app; the SPA installs the same code
 * for the public views it renders. Handlers sit on the document, so views React renders later get
 * them too; the state lives in the markup (`aria-pressed`, `aria-expanded`, `hidden`).
 */
export interface PublicPageOptions {
  /**
   * The prerendered page, without the app: section links on `/` are handled here, a hash in the
   * address on arrival scrolls, and the visitor heading for the account prefetches these files.
   */
  prerendered?: { portalFiles: readonly string[] }
}

/** Markers the views put on the elements these behaviours drive. */
export const colorSchemeToggleAttribute = 'data-color-scheme-toggle'
export const menuToggleAttribute = 'data-menu-toggle'

type Scheme = 'light' | 'dark'

const installed = Symbol.for('prism.public-page-behaviours')

export function installPublicPageBehaviours(doc: Document, options: PublicPageOptions = {}) {
  const win = doc.defaultView as (Window & { [installed]?: true }) | null
  // The inline script and the app (loaded on a sign-in answer) share one document: once is enough.
  if (!win || win[installed]) return
  win[installed] = true
  const root = doc.documentElement

  const currentScheme = (): Scheme => (root.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light')
  const showScheme = () => {
    for (const toggle of doc.querySelectorAll(`[${colorSchemeToggleAttribute}]`)) toggle.setAttribute('aria-pressed', String(currentScheme() === 'dark'))
  }
  const setScheme = (scheme: Scheme) => {
    root.setAttribute('data-mantine-color-scheme', scheme)
    try {
      win.localStorage.setItem(colorSchemeStorageKey, scheme)
      // Mantine's provider, when the app runs, learns of the choice as if another tab had made it.
      win.dispatchEvent(new StorageEvent('storage', { key: colorSchemeStorageKey, newValue: scheme, storageArea: win.localStorage }))
    } catch {
      // Storage refused (private mode, quota): the choice lasts for this page.
    }
    showScheme()
  }
  // Mantine's provider also writes the attribute (on start, on a system change): buttons follow.
  new MutationObserver(showScheme).observe(root, { attributeFilter: ['data-mantine-color-scheme'] })
  showScheme()

  const setMenu = (button: Element, open: boolean) => {
    const menu = doc.getElementById(button.getAttribute('aria-controls') ?? '')
    if (menu) menu.hidden = !open
    button.setAttribute('aria-expanded', String(open))
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu')
    button.firstElementChild?.toggleAttribute('data-opened', open)
  }

  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null
    if (!target) return
    if (target.closest(`[${colorSchemeToggleAttribute}]`)) {
      setScheme(currentScheme() === 'dark' ? 'light' : 'dark')
      return
    }
    const menuButton = target.closest(`[${menuToggleAttribute}]`)
    if (menuButton) {
      setMenu(menuButton, menuButton.getAttribute('aria-expanded') !== 'true')
      return
    }
    const link = target.closest('a')
    if (!link) return
    // A link chosen in the open menu closes it.
    for (const opener of doc.querySelectorAll(`[${menuToggleAttribute}][aria-expanded="true"]`)) {
      if (doc.getElementById(opener.getAttribute('aria-controls') ?? '')?.contains(link)) setMenu(opener, false)
    }
    if (options.prerendered) followSectionLink(event, link)
  })

  /** On `/`, a section link scrolls smoothly after the delay, as the app's links do. */
  const followSectionLink = (event: MouseEvent, link: HTMLAnchorElement) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const url = new URL(link.href, win.location.href)
    if (url.origin !== win.location.origin || url.pathname !== '/' || win.location.pathname !== '/' || !url.hash || link.target) return
    event.preventDefault()
    if (url.hash !== win.location.hash) win.history.pushState(win.history.state, '', url.hash)
    scrollToSection(decodeURIComponent(url.hash.slice(1)))
  }

  if (options.prerendered) {
    if (win.location.pathname === '/' && win.location.hash) scrollToSection(decodeURIComponent(win.location.hash.slice(1)))
    prefetchOnIntent(doc, options.prerendered.portalFiles)
  }
  root.dataset.hydrated = ''
}

/**
 * Pointer over, focus on or touch of a link into the account starts fetching the portal's code
 * (the app, MSAL, the account area), so the navigation that follows finds it in the cache.
 */
function prefetchOnIntent(doc: Document, files: readonly string[]) {
  let done = false
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null
    if (done || !link || !/^\/account(\/|\?|$)/.test(link.getAttribute('href') ?? '')) return
    done = true
    for (const file of files) {
      const hint = doc.createElement('link')
      hint.rel = 'prefetch'
      hint.href = file
      // The app loads its modules and styles in CORS mode; the same mode finds them in the cache.
      hint.crossOrigin = ''
      if (file.endsWith('.js')) hint.as = 'script'
      else if (file.endsWith('.css')) hint.as = 'style'
      doc.head.append(hint)
    }
  }
  for (const type of ['pointerover', 'focusin', 'touchstart']) doc.addEventListener(type, onIntent, { passive: true })
}
