import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { offlineChromiumArgs, resolveChromium } from '@/e2e/support/browser'
import { mermaidOn } from '@/e2e/support/mermaid-svg'
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
    const draw = await mermaidOn(await browser.newPage())
    const drawn = new Map<string, string>()
    for (const [name, text] of diagrams) drawn.set(name, await draw(`atlas-${name}`, text))
    return drawn
  } finally {
    await browser.close()
  }
}
