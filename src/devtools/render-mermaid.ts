import type { Mermaid } from 'mermaid'

let loading: Promise<Mermaid> | undefined
let queue: Promise<unknown> = Promise.resolve()
let count = 0
const drawn = new Map<string, string>()

/** Mermaid from the npm package, loaded on first use: no network, development builds only. */
const loadMermaid = () =>
  (loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default', state: { useMaxWidth: true } })
    return mermaid
  }))

/**
 * The SVG of a Mermaid diagram, or null when `stillWanted` says, by the time its turn comes, that
 * nobody waits for it any more (a newer state was asked for). Renders run one at a time (Mermaid
 * keeps state while it lays out), and each text is drawn once. The SVG's own roles are removed: the
 * viewer wraps it in an element with role img and a label.
 */
export function renderMermaid(text: string, stillWanted: () => boolean = () => true): Promise<string | null> {
  const known = drawn.get(text)
  if (known) return Promise.resolve(known)
  const run = queue.then(async () => {
    if (drawn.has(text)) return drawn.get(text)!
    if (!stillWanted()) return null
    const mermaid = await loadMermaid()
    const { svg } = await mermaid.render(`statechart-svg-${++count}`, text)
    const accessible = svg.replace(/^<svg([^>]*)>/, (_, attributes: string) => `<svg${attributes.replace(/ (role|aria-roledescription)="[^"]*"/g, '')} aria-hidden="true">`)
    drawn.set(text, accessible)
    return accessible
  })
  queue = run.catch(() => undefined)
  return run
}
