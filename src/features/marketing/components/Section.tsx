import type { ReactNode } from 'react'
import { Container, Text, Title } from '@mantine/core'
import type { SectionId } from '../../../content/site'

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
        <Title id={`${id}-title`} order={2} ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center" mt="sm" mb="xl" maw={640} mx="auto">
          {intro}
        </Text>
        {children}
      </Container>
    </section>
  )
}
