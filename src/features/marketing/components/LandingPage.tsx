import { useEffect } from 'react'
import { useLocation } from '@tanstack/react-router'
import { scrollToSection } from '@/src/ui/site/hash-scroll'
import { FeaturesSection } from './FeaturesSection'
import { Hero } from './Hero'
import { LearnSection } from './LearnSection'
import { PricingSection } from './PricingSection'
import { PublicLayout } from '@/src/ui/site/PublicLayout'
import { TeamSection } from './TeamSection'

export function LandingPage() {
  const hash = useLocation({ select: (location) => location.hash })
  // Opening the page with a hash, or following a section link, scrolls there after the delay.
  useEffect(() => (hash ? scrollToSection(hash) : undefined), [hash])
  return (
    <PublicLayout>
      <Hero />
      <FeaturesSection />
      <PricingSection />
      <TeamSection />
      <LearnSection />
    </PublicLayout>
  )
}
