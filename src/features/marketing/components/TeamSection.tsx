import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core'
import { IconBrandGithub, IconBrandX, IconBrandYoutube } from '@tabler/icons-react'
import { team } from '../../../content/team'
import { Section } from './Section'
import { siteIconButton } from '../../../ui/site-button'

const socialIcons = { GitHub: IconBrandGithub, X: IconBrandX, YouTube: IconBrandYoutube } as const

export function TeamSection() {
  return (
    <Section id="team" title="Team" intro="Prism is built and maintained by the people who created it, together with its community.">
      <div className="card-grid card-grid-2" style={{ maxWidth: 840, marginInline: 'auto' }}>
        {team.map((member) => (
          <Card component="article" key={member.name} withBorder padding="xl" aria-labelledby={`team-${member.initials}`}>
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={72} radius="xl" fz={24} fw={700} aria-hidden="true">
                {member.initials}
              </ThemeIcon>
              <div>
                <Title id={`team-${member.initials}`} order={3} fz="lg">
                  {member.name}
                </Title>
                <Text size="sm" fw={600} c="dimmed">
                  {member.role}
                </Text>
              </div>
            </Group>
            <Text mt="md">{member.bio}</Text>
            <Group gap="xs" mt="md">
              {member.links.map((link) => {
                const Icon = socialIcons[link.label]
                return (
                  <a key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" aria-label={`${member.name} on ${link.label} (opens in a new tab)`} {...siteIconButton()}>
                    <Icon size={18} aria-hidden="true" />
                  </a>
                )
              })}
            </Group>
          </Card>
        ))}
      </div>
    </Section>
  )
}
