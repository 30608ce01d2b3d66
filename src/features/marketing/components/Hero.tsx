import { Container, VisuallyHidden } from '@mantine/core'
import { site } from '@/src/content/site'
import { SectionLink } from '@/src/ui/site/SectionLink'
import { siteButton } from '@/src/ui/site-button'

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <Container size="md">
        <h1 id="hero-title" className="site-title hero-title">
          {site.tagline}
        </h1>
        <p className="site-text site-text-xl site-dimmed hero-summary">{site.summary}</p>
        <p className="site-text hero-platforms">
          For {site.platforms.slice(0, -1).join(', ')} and {site.platforms.at(-1)}.
        </p>
        <div className="site-row hero-actions">
          <SectionLink section="pricing" {...siteButton({ size: 'lg' })}>
            Get started
          </SectionLink>
          <a href={site.documentationUrl} target="_blank" rel="noopener noreferrer" {...siteButton({ size: 'lg', variant: 'default' })}>
            Read the docs<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </a>
        </div>
      </Container>
    </section>
  )
}
