import { Card, Text, Title } from '@mantine/core'
import { courses } from '../../../content/courses'
import { ExternalLink } from '../../../ui/ExternalLink'
import { Section } from './Section'

export function LearnSection() {
  return (
    <Section id="learn" title="Learn" intro="Video courses by Brian Lagunas take you from your first module to advanced navigation." alt>
      <ul className="card-grid card-grid-3">
        {courses.map((course) => (
          <Card component="li" key={course.title} withBorder padding="lg">
            <Title order={3} fz="md">
              <ExternalLink href={course.href} c="var(--mantine-color-text)">
                {course.title}
              </ExternalLink>
            </Title>
            <Text c="dimmed" size="sm" mt="xs">
              {course.text}
            </Text>
          </Card>
        ))}
      </ul>
    </Section>
  )
}
