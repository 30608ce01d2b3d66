import { Container, Group, Text, Title, VisuallyHidden } from '@mantine/core'
import { site } from '../../../content/site'
import { SectionLink } from '../../../ui/site/SectionLink'
import { siteButton } from '../../../ui/site-button'

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <Container size="md">
        <Title id="hero-title" order={1} fz={{ base: 36, sm: 56 }} lh={1.1}>
          {site.tagline}
        </Title>
        <Text size="xl" c="dimmed" mt="lg">
          {site.summary}
        </Text>
        <Text mt="sm" fw={600}>
          For {site.platforms.slice(0, -1).join(', ')} and {site.platforms.at(-1)}.
        </Text>
        <Group justify="center" mt="xl">
          <SectionLink section="pricing" {...siteButton({ size: 'lg' })}>
            Get started
          </SectionLink>
          <a href={site.documentationUrl} target="_blank" rel="noopener noreferrer" {...siteButton({ size: 'lg', variant: 'default' })}>
            Read the docs<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </a>
        </Group>
      </Container>
    </section>
  )
}
