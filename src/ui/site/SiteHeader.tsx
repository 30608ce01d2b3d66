import { Anchor, Burger, Container, Group, Stack } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { sectionLinks, site } from '@/src/content/site'
import { ExternalLink } from '../ExternalLink'
import { ColorSchemeToggle } from './ColorSchemeToggle'
import { PrismLogo } from '../PrismLogo'
import { SectionLink } from './SectionLink'
import { siteButton } from '../site-button'
import { menuToggleAttribute } from './public-page-behaviours'

function NavLinks() {
  return (
    <>
      {sectionLinks.map((link) => (
        <Anchor key={link.hash} component={SectionLink} section={link.hash} c="var(--mantine-color-text)" fw={500}>
          {link.label}
        </Anchor>
      ))}
      <ExternalLink href={site.documentationUrl} c="var(--mantine-color-text)" fw={500}>
        Documentation
      </ExternalLink>
    </>
  )
}

/**
 * The public header: section links, documentation, colour scheme and the way to the account. The
 * narrow-screen menu opens and closes by the page's DOM behaviours (decision 0013): it is always
 * in the markup, hidden until its button shows it, so it works before and without the app.
 */
export function SiteHeader() {
  return (
    <header className="site-header">
      <Container size="lg" h={64}>
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Anchor component={Link} to="/" aria-label="Prism home" underline="never" c="var(--mantine-color-text)">
            <PrismLogo />
          </Anchor>
          <Group component="nav" aria-label="Main" gap="lg" visibleFrom="sm">
            <NavLinks />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            <a href="/account" {...siteButton()}>
              Account
            </a>
            <Burger hiddenFrom="sm" aria-label="Open menu" aria-expanded="false" aria-controls="site-menu" {...{ [menuToggleAttribute]: '' }} />
          </Group>
        </Group>
      </Container>
      <Container size="lg" hiddenFrom="sm" pb="md" id="site-menu" hidden>
        <Stack component="nav" aria-label="Main" gap="md">
          <NavLinks />
        </Stack>
      </Container>
    </header>
  )
}
