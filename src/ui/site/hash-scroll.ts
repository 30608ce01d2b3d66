/** The spec's delay before a hash link scrolls, so the target section has rendered. */
export const hashScrollDelayMs = 100

/**
 * Scrolls smoothly to the section with this id after the delay, and moves keyboard focus
 * there so the next Tab continues from the section. Returns a cancel function.
 */
export function scrollToSection(id: string): () => void {
  const timer = window.setTimeout(() => {
    const target = document.getElementById(id)
    if (!target) return
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
    target.focus({ preventScroll: true })
  }, hashScrollDelayMs)
  return () => window.clearTimeout(timer)
}
