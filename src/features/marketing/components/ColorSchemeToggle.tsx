import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core'
import { IconMoon, IconSun } from '@tabler/icons-react'
import { siteIconButton } from '../../../ui/site-button'

/** Switches between light and dark; until the visitor chooses, the system's scheme applies. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme()
  // Read in an effect so the prerendered markup and the first browser render agree.
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true })
  const isDark = scheme === 'dark'
  return (
    <button type="button" aria-label="Dark colour scheme" aria-pressed={isDark} onClick={() => setColorScheme(isDark ? 'light' : 'dark')} {...siteIconButton()}>
      {isDark ? <IconSun size={18} aria-hidden="true" /> : <IconMoon size={18} aria-hidden="true" />}
    </button>
  )
}
