import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager } from '@mantine/core'

/** Mantine's default blue misses WCAG contrast; shade 8 of indigo passes in both schemes. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
})

/** Where the chosen colour scheme is kept; index.html reads the same key before first paint. */
export const colorSchemeStorageKey = 'prism-color-scheme'

export const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeStorageKey })

/** Mantine's dimmed greys miss WCAG AA (3.3:1 on white, 4.1:1 on dark); one shade stronger passes. */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': mantineTheme.colors.gray[7] },
  dark: { '--mantine-color-dimmed': mantineTheme.colors.dark[1] },
})
