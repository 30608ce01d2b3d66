import { Anchor, Container, Group, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { site } from '@/src/content/site'
import { ExternalLink } from '../ExternalLink'

export function SiteFooter() {
  return (
    <footer className="site-section" style={{ borderTop: '1px solid var(--mantine-color-default-border)', paddingBlock: 32 }}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Group component="nav" aria-label="Legal" gap="lg">
            <Anchor component={Link} to="/privacy">
              Privacy
            </Anchor>
            <ExternalLink href={site.licenseAgreementUrl}>License Agreement</ExternalLink>
            <Anchor component={Link} to="/fulfillment">
              Fulfillment Policy
            </Anchor>
            <Anchor href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {site.name}. All rights reserved.
          </Text>
        </Group>
      </Container>
    </footer>
  )
}
