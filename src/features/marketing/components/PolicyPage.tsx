import { Container, Text, Title } from '@mantine/core'
import type { Policy } from '@/src/content/policies'
import { formatLongDate } from '@/common/format'
import { PublicLayout } from '@/src/ui/site/PublicLayout'

/** A policy document: a title, its date, and one heading per section. */
export function PolicyPage({ policy }: { policy: Policy }) {
  return (
    <PublicLayout>
      <Container size="sm" className="site-section" component="article">
        <Title order={1}>{policy.title}</Title>
        <Text c="dimmed" size="sm" mt="xs">
          Last updated {formatLongDate(policy.updated)}
        </Text>
        <Text mt="lg" size="lg">
          {policy.intro}
        </Text>
        {policy.sections.map((section) => (
          <section key={section.heading}>
            <Title order={2} fz="xl" mt="xl" mb="sm">
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} mb="sm">
                {paragraph}
              </Text>
            ))}
          </section>
        ))}
      </Container>
    </PublicLayout>
  )
}
