import { Card } from '@mantine/core'
import { IconBrandGithub, IconBrandX, IconBrandYoutube } from '@tabler/icons-react'
import { team } from '@/src/content/team'
import { Section } from './Section'
import { siteIconButton } from '@/src/ui/site-button'

const socialIcons = { GitHub: IconBrandGithub, X: IconBrandX, YouTube: IconBrandYoutube } as const

export function TeamSection() {
  return (
    <Section id="team" title="Team" intro="Prism is built and maintained by the people who created it, together with its community.">
      <div className="card-grid card-grid-2 team-grid">
        {team.map((member) => (
          <Card component="article" key={member.name} withBorder padding="xl" aria-labelledby={`team-${member.initials}`}>
            <div className="member-head">
              <span className="site-icon member-initials" aria-hidden="true">
                {member.initials}
              </span>
              <div>
                <h3 id={`team-${member.initials}`} className="site-title site-title-3">
                  {member.name}
                </h3>
                <p className="site-text site-text-sm site-dimmed member-role">{member.role}</p>
              </div>
            </div>
            <p className="site-text member-bio">{member.bio}</p>
            <div className="site-row member-links">
              {member.links.map((link) => {
                const Icon = socialIcons[link.label]
                return (
                  <a key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" aria-label={`${member.name} on ${link.label} (opens in a new tab)`} {...siteIconButton()}>
                    <Icon size={18} aria-hidden="true" />
                  </a>
                )
              })}
            </div>
          </Card>
        ))}
      </div>
    </Section>
  )
}
