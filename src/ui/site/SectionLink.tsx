import type { AnchorHTMLAttributes } from 'react'
import { Link, useLocation } from '@tanstack/react-router'
import type { SectionId } from '@/src/content/site'
import { scrollToSection } from './hash-scroll'

interface SectionLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  section: SectionId
}

/**
 * A link to a section of the landing page. The landing page scrolls when the hash changes;
 * a second click on the hash already in the address scrolls again from here. Other props
 * (class, style, data attributes) pass through so Mantine components can render as it.
 */
export function SectionLink({ section, onClick, ...anchorProps }: SectionLinkProps) {
  const location = useLocation()
  const alreadyThere = location.pathname === '/' && location.hash === section
  return (
    <Link
      {...anchorProps}
      to="/"
      hash={section}
      hashScrollIntoView={false}
      resetScroll={false}
      onClick={(event) => {
        onClick?.(event)
        if (alreadyThere) scrollToSection(section)
      }}
    />
  )
}
