import type { ReactNode } from 'react'
import { Container } from '@mantine/core'
import type { SectionId } from '@/src/content/site'

interface SectionProps {
  id: SectionId
  title: string
  intro: string
  alt?: boolean
  children: ReactNode
}

/** A landing page section: the hash links' target, focusable so keyboard users land in it. */
export function Section({ id, title, intro, alt, children }: SectionProps) {
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-title`} className={alt ? 'site-section site-section-alt' : 'site-section'}>
      <Container size="lg">
        <h2 id={`${id}-title`} className="site-title site-title-2 site-center">
          {title}
        </h2>
        <p className="site-text site-dimmed site-center section-intro">{intro}</p>
        {children}
      </Container>
    </section>
  )
}
