import { Anchor, Burger, Container, Group, Stack } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Link } from '@tanstack/react-router'
import { sectionLinks, site } from '../../../content/site'
import { ExternalLink } from '../../../ui/ExternalLink'
import { ColorSchemeToggle } from './ColorSchemeToggle'
import { PrismLogo } from '../../../ui/PrismLogo'
import { SectionLink } from './SectionLink'
import { siteButton } from '../../../ui/site-button'

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {sectionLinks.map((link) => (
        <Anchor key={link.hash} component={SectionLink} section={link.hash} onNavigate={onNavigate} c="var(--mantine-color-text)" fw={500}>
          {link.label}
        </Anchor>
      ))}
      <ExternalLink href={site.documentationUrl} c="var(--mantine-color-text)" fw={500}>
        Documentation
      </ExternalLink>
    </>
  )
}

/** The public header: section links, documentation, colour scheme and the way to the account. */
export function SiteHeader() {
  const [menuOpened, menu] = useDisclosure(false)
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
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              aria-label={menuOpened ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpened}
              aria-controls="site-menu"
            />
          </Group>
        </Group>
      </Container>
      {menuOpened && (
        <Container size="lg" hiddenFrom="sm" pb="md" id="site-menu">
          <Stack component="nav" aria-label="Main" gap="md">
            <NavLinks onNavigate={menu.close} />
          </Stack>
        </Container>
      )}
    </header>
  )
}
