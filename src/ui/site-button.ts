/**
 * The public pages' buttons: Mantine's look from plain elements. Mantine's Button and ActionIcon
 * bring their loading and transition code, which the landing page never uses, into its
 * JavaScript budget; these are class names and data attributes for an <a>, a router Link or a
 * <button> (styles in site.css).
 */
export function siteButton({ variant = 'filled', size = 'md', fullWidth = false }: { variant?: 'filled' | 'outline' | 'default'; size?: 'md' | 'lg'; fullWidth?: boolean } = {}) {
  return { className: 'site-button', 'data-variant': variant, 'data-size': size, 'data-full-width': fullWidth || undefined }
}

/** A square button holding one icon (the colour-scheme toggle, social links); it needs an aria-label. */
export function siteIconButton() {
  return { className: 'site-button site-icon-button', 'data-variant': 'default' }
}
