// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LicenseCard } from '@/src/features/my-licenses/components/LicenseCard'
import { renderPage } from '@/tests/support/render'

/**
 * A near end in words is drawn in the theme's colour for it, whose contrast each scheme meets
 * (tests/src/ui/theme-contrast.test.ts): the browser's axe sees it only within 30 days of an end.
 */
describe('a license card’s near end', () => {
  it('is written in the theme’s ends-soon colour', async () => {
    renderPage(() => (
      <LicenseCard
        title="Commercial Plus"
        badge={{ label: 'Trial', color: 'green.9' }}
        owner="Owner: commercial@example.com"
        expires="Trial ends on January 1, 2027"
        expiresInWords="Ends in 30 days"
        coverage={null}
        renewalInvoice={null}
        actions={null}
      />
    ))
    const inWords = await screen.findByText('Ends in 30 days')
    expect(inWords.style.color).toBe('var(--prism-color-ends-soon)')
  })
})
