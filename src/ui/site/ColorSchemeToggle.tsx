import { IconMoon, IconSun } from '@tabler/icons-react'
import { siteIconButton } from '../site-button'
import { colorSchemeToggleAttribute } from './public-page-behaviours'

/**
 * Switches between light and dark; until the visitor chooses, the system's scheme applies. The
 * click and `aria-pressed` belong to the page's DOM behaviours (decision 0013), which set it before
 * the first paint; the icon follows the scheme in CSS (site.css), so no render has to agree.
 */
export function ColorSchemeToggle() {
  return (
    <button type="button" aria-label="Dark colour scheme" aria-pressed="false" {...{ [colorSchemeToggleAttribute]: '' }} {...siteIconButton()}>
      <IconMoon size={18} aria-hidden="true" className="scheme-icon-light" />
      <IconSun size={18} aria-hidden="true" className="scheme-icon-dark" />
    </button>
  )
}
