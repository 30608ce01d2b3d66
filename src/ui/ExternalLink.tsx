import type { ReactNode } from 'react'
import { Anchor, type AnchorProps, VisuallyHidden } from '@mantine/core'
import { IconExternalLink } from '@tabler/icons-react'

interface ExternalLinkProps extends AnchorProps {
  href: string
  children: ReactNode
  /** Show the external-link icon after the text. */
  withIcon?: boolean
}

/** A link that opens another site in a new tab, and says so to every reader. */
export function ExternalLink({ href, children, withIcon = true, ...props }: ExternalLinkProps) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      {withIcon && <IconExternalLink size={14} aria-hidden="true" style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  )
}
