import { colorSchemeStorageKey } from './color-scheme'
import { type CSSVariablesResolver, DEFAULT_THEME, type MantineColorsTuple, createTheme, localStorageColorSchemeManager } from '@mantine/core'

/** Mantine's default blue misses WCAG contrast; shade 8 of indigo passes in both schemes. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // Modals and menus appear at once for visitors who prefer reduced motion (site.css stills the rest).
  respectReducedMotion: true,
  colors: {
    // White text on Mantine's darkest green is 4.4:1; this shade 9 gives the green badges 5.4:1.
    green: [...DEFAULT_THEME.colors.green.slice(0, 9), '#1e7b34'] as unknown as MantineColorsTuple,
  },
})

export { colorSchemeStorageKey }

/**
 * The amber of what asks for attention (a pending seat, a payment due, an order awaiting payment, a
 * token's creator gone), filled, with the dark label `autoContrast` picks. Not Mantine's light
 * variant of a shade: that fills with the shade and writes the label in the same shade (1:1).
 */
export const attentionColor = 'yellow.5'

export const colorSchemeManager = localStorageColorSchemeManager({ key: colorSchemeStorageKey })

/** The variable holding the colour of a near end in words ('Ends in 30 days'), set for each scheme below. */
const endsSoonVariable = '--prism-color-ends-soon'
/** That colour, for a component's `c`. */
export const endsSoonColor = `var(${endsSoonVariable})`

/**
 * Mantine's dimmed greys miss WCAG AA (3.3:1 on white, 4.1:1 on dark); one shade stronger passes.
 * So does its error red on white (field errors): shade 9 reaches 5.4:1. Its darkest orange is 4.3:1
 * on white and 4.0:1 on dark, short of the 4.5:1 small text needs: a near end is a deeper amber on
 * white (5.0:1) and a light orange on dark.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': mantineTheme.colors.gray[7], '--mantine-color-error': mantineTheme.colors.red[9], [endsSoonVariable]: '#b45309' },
  dark: { '--mantine-color-dimmed': mantineTheme.colors.dark[1], [endsSoonVariable]: mantineTheme.colors.orange[4] },
})
