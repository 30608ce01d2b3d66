import { Paper } from '@mantine/core'
import { IconBolt, IconBoxMultiple, IconBroadcast, IconCode, IconLayoutDashboard, IconPlugConnected, IconRoute, IconSitemap, IconTemplate } from '@tabler/icons-react'
import { features, type FeatureKey } from '@/src/content/features'
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
              <span className="site-icon site-icon-light feature-icon" aria-hidden="true">
                <Icon size={26} />
              </span>
              <h3 className="site-title site-title-3 feature-title">{feature.title}</h3>
              <p className="site-text site-dimmed feature-text">{feature.text}</p>
            </Paper>
          )
        })}
      </ul>
    </Section>
  )
}
