import { Text, ThemeIcon, Title, Paper } from '@mantine/core'
import { IconBolt, IconBoxMultiple, IconBroadcast, IconCode, IconLayoutDashboard, IconPlugConnected, IconRoute, IconSitemap, IconTemplate } from '@tabler/icons-react'
import { features, type FeatureKey } from '../../../content/features'
import { Section } from './Section'

const featureIcons: Record<FeatureKey, typeof IconBolt> = {
  mvvm: IconSitemap,
  di: IconPlugConnected,
  events: IconBroadcast,
  commanding: IconBolt,
  navigation: IconRoute,
  modularity: IconBoxMultiple,
  regions: IconLayoutDashboard,
  locator: IconCode,
  templates: IconTemplate,
}

export function FeaturesSection() {
  return (
    <Section id="features" title="Features" intro="Everything a XAML application needs to stay loosely coupled, maintainable and testable as it grows.">
      <ul className="card-grid card-grid-3">
        {features.map((feature) => {
          const Icon = featureIcons[feature.key]
          return (
            <Paper component="li" key={feature.key} withBorder p="lg">
              <ThemeIcon size="xl" variant="light" aria-hidden="true">
                <Icon size={26} />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {feature.title}
              </Title>
              <Text c="dimmed" mt="xs">
                {feature.text}
              </Text>
            </Paper>
          )
        })}
      </ul>
    </Section>
  )
}
