import axe from 'axe-core'
import { DEFAULT_THEME, getContrastColor, mergeMantineTheme, parseThemeColor } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { attentionColor, cssVariablesResolver, theme } from '@/src/ui/theme'

/**
 * The colours the theme sets for text meet WCAG AA's 4.5:1 for small text on what they are drawn
 * on, in each colour scheme, by axe's own contrast arithmetic. The browser sweep's axe sees a colour
 * only where a page shows it: a near end in words shows only within 30 days of a license's end, so
 * the sweep met Mantine's orange (4.3:1) only once a fixture's date came that close.
 */
const mantine = mergeMantineTheme(DEFAULT_THEME, theme)
const variables = cssVariablesResolver(mantine)
const smallText = 4.5

/** axe's colour arithmetic (`axe.commons.color`, what its color-contrast rule computes with), which its type declarations leave out. */
interface AxeColor {
  parseString(value: string): void
}
const axeColor = (axe.commons as unknown as { color: { Color: new () => AxeColor; getContrast(background: AxeColor, foreground: AxeColor): number } }).color

function parsed(value: string) {
  const color = new axeColor.Color()
  color.parseString(value)
  return color
}

const contrast = (text: string, background: string) => axeColor.getContrast(parsed(background), parsed(text))

describe('the theme’s text colours against their backgrounds', () => {
  const white = mantine.white
  // A card's background in the dark scheme (Mantine's Card: dark 6); the page's body is dark 7.
  const darkCard = mantine.colors.dark[6]
  const darkBody = mantine.colors.dark[7]
  const cases = [
    ['a near end in words on a card, light', variables.light['--prism-color-ends-soon']!, white],
    ['a near end in words on a card, dark', variables.dark['--prism-color-ends-soon']!, darkCard],
    ['dimmed text, light', variables.light['--mantine-color-dimmed']!, white],
    ['dimmed text, dark', variables.dark['--mantine-color-dimmed']!, darkBody],
    ['a field’s error, light', variables.light['--mantine-color-error']!, white],
    ['white on a green badge', white, mantine.colors.green[9]],
  ] as const

  it.each(cases)('%s: at least 4.5:1', (_, text, background) => {
    expect(contrast(text, background)).toBeGreaterThanOrEqual(smallText)
  })

  it('dark text on the amber of what asks for attention (a pending seat, a payment due, an order awaiting payment): at least 4.5:1', () => {
    // `autoContrast` picks the label's colour: Mantine's black on this shade.
    expect(getContrastColor({ color: attentionColor, theme: mantine, autoContrast: true })).toBe('var(--mantine-color-black)')
    expect(contrast(mantine.black, parseThemeColor({ color: attentionColor, theme: mantine }).value)).toBeGreaterThanOrEqual(smallText)
  })

  it('would refuse Mantine’s darkest orange on white, which a near end used before', () => {
    expect(contrast(DEFAULT_THEME.colors.orange[9], white)).toBeLessThan(smallText)
  })
})
