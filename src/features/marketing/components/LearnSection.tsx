import { Card } from '@mantine/core'
import { courses } from '@/src/content/courses'
import { ExternalLink } from '@/src/ui/ExternalLink'
import { Section } from './Section'

export function LearnSection() {
  return (
    <Section id="learn" title="Learn" intro="Video courses by Brian Lagunas take you from your first module to advanced navigation." alt>
      <ul className="card-grid card-grid-3">
        {courses.map((course) => (
          <Card component="li" key={course.title} withBorder padding="lg">
            <h3 className="site-title site-title-3 course-title">
              <ExternalLink href={course.href} c="var(--mantine-color-text)">
                {course.title}
              </ExternalLink>
            </h3>
            <p className="site-text site-text-sm site-dimmed course-text">{course.text}</p>
          </Card>
        ))}
      </ul>
    </Section>
  )
}
