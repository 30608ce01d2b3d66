import { readFileSync } from 'node:fs'
import { test, type Page } from '@playwright/test'
import { mermaidOn } from './mermaid-svg'

/** The labels of the transitions the path took ("#2 …") tinted, as the states it rested in are (the step number stays: the colour only repeats it). */
const tintTaken = (svg: string) =>
  svg.replace(/<span class="edgeLabel"([^>]*)><p>#/g, (_, attributes: string) => `<span class="edgeLabel"${attributes} style="background-color:#d0ebff"><p style="background-color:#d0ebff">#`)

/**
 * Attaches a failed tour path's page (testkit/model/failing-path.ts) to the test's report: the
 * Markdown, and its diagram drawn as SVG on a page of its own in the tour's browser, so the report
 * shows the path on the picture.
 */
export async function attachFailingPath(page: Page, file: string) {
  const info = test.info()
  const markdown = readFileSync(file, 'utf8')
  await info.attach('failing path.md', { body: markdown, contentType: 'text/markdown' })
  const diagram = /```mermaid\n([\s\S]*?)\n```/.exec(markdown)?.[1]
  if (!diagram) return
  const drawing = await page.context().newPage()
  try {
    const draw = await mermaidOn(drawing)
    await info.attach('failing path.svg', { body: tintTaken(await draw('failing-path', diagram)), contentType: 'image/svg+xml' })
  } finally {
    await drawing.close()
  }
}
