import type { Mermaid } from 'mermaid'

let loading: Promise<Mermaid> | undefined
let queue: Promise<unknown> = Promise.resolve()
let count = 0

/** Mermaid from the npm package, loaded on first use: no network, development builds only. */
const loadMermaid = () =>
  (loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default', state: { useMaxWidth: true } })
    return mermaid
  }))

/**
 * The SVG of a Mermaid diagram. Renders run one at a time (Mermaid keeps state while it lays out).
 * The SVG's own roles are removed: the viewer wraps it in an element with role img and a label.
 */
export function renderMermaid(text: string): Promise<string> {
  const run = queue.then(async () => {
    const mermaid = await loadMermaid()
    const { svg } = await mermaid.render(`statechart-svg-${++count}`, text)
    return svg.replace(/^<svg([^>]*)>/, (_, attributes: string) => `<svg${attributes.replace(/ (role|aria-roledescription)="[^"]*"/g, '')} aria-hidden="true">`)
  })
  queue = run.catch(() => undefined)
  return run
}
