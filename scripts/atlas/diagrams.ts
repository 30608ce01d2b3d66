import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import type { Mermaid } from 'mermaid'
import { offlineChromiumArgs, resolveChromium } from '@/e2e/support/browser'
import { chartsDir } from '../charts/files'

/** The committed diagram of a machine: the Mermaid block of its page in docs/statecharts/. */
export function committedDiagram(name: string): string {
  const page = readFileSync(`${chartsDir}/${name}.md`, 'utf8')
  const block = /```mermaid\n([\s\S]*?)\n```/.exec(page)
  if (!block) throw new Error(`${chartsDir}/${name}.md has no Mermaid diagram: run npm run charts`)
  return block[1]!
}

/**
 * Each diagram drawn as SVG by Mermaid (the npm package, offline) in the browser the tests drive,
 * with the settings of the statechart viewer (src/devtools/render-mermaid.ts), so the atlas's pages
 * show it with no script.
 */
export async function drawDiagrams(diagrams: Map<string, string>): Promise<Map<string, string>> {
  const browser = await chromium.launch({ executablePath: resolveChromium(), args: [...offlineChromiumArgs, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])] })
  try {
    const page = await browser.newPage()
    await page.setContent('<!doctype html><html><body></body></html>')
    await page.addScriptTag({ path: 'node_modules/mermaid/dist/mermaid.min.js' })
    const drawn = new Map<string, string>()
    for (const [name, text] of diagrams) {
      const svg = await page.evaluate(
        async ({ id, text }) => {
          const mermaid = (window as unknown as { mermaid: Mermaid }).mermaid
          mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default', state: { useMaxWidth: true } })
          return (await mermaid.render(id, text)).svg
        },
        { id: `atlas-${name}`, text },
      )
      drawn.set(name, svg)
    }
    return drawn
  } finally {
    await browser.close()
  }
}
