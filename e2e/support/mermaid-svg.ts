import type { Page } from '@playwright/test'
import type { Mermaid } from 'mermaid'

/**
 * Draws Mermaid diagrams as SVG on a blank page of a browser (the npm package, offline), with the
 * settings of the statechart viewer (src/devtools/render-mermaid.ts). Loads Mermaid into the page
 * once; `draw` may then be called for each diagram.
 */
export async function mermaidOn(page: Page) {
  await page.setContent('<!doctype html><html><body></body></html>')
  await page.addScriptTag({ path: 'node_modules/mermaid/dist/mermaid.min.js' })
  return (id: string, text: string) =>
    page.evaluate(
      async ({ id, text }) => {
        const mermaid = (window as unknown as { mermaid: Mermaid }).mermaid
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default', state: { useMaxWidth: true } })
        return (await mermaid.render(id, text)).svg
      },
      { id, text },
    )
}
