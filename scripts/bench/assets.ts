import { existsSync, statSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { offlineChromiumArgs } from '@/e2e/support/browser'

export type AssetBytes = {
  jsRaw: number
  jsGzip: number
  cssRaw: number
  cssGzip: number
  /** The page's inline scripts (in its HTML, counted in the totals above too). */
  inlineJsGzip: number
  /** Script files requested before the largest contentful paint (Chromium, unthrottled). */
  jsBeforeLcp: number
}

/**
 * The JavaScript and CSS a visit to the page downloads (the entry, its imports and the route's
 * lazy chunks), sized from the built files and their precompressed gzip twins.
 */
export async function measureAssets(url: string, distDir: string, chromePath: string): Promise<AssetBytes> {
  const browser = await chromium.launch({ executablePath: chromePath, args: [...offlineChromiumArgs, '--no-sandbox'] })
  try {
    const page = await browser.newPage({ ignoreHTTPSErrors: true })
    const files = new Set<string>()
    page.on('request', (request) => {
      const type = request.resourceType()
      if (type === 'script' || type === 'stylesheet') files.add(new URL(request.url()).pathname)
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    const { inline, beforeLcp } = await page.evaluate(
      () =>
        new Promise<{ inline: string[]; beforeLcp: number }>((resolve) => {
          new PerformanceObserver((list) => {
            const lcp = list.getEntries().at(-1)!.startTime
            const scripts = performance.getEntriesByType('resource').filter((entry) => /\.m?js(\?|$)/.test(entry.name) && entry.startTime < lcp)
            const inline = [...document.querySelectorAll('script:not([src])')]
              .filter((script) => !script.getAttribute('type') || script.getAttribute('type') === 'module')
              .map((script) => script.textContent ?? '')
            resolve({ inline, beforeLcp: scripts.length })
          }).observe({ type: 'largest-contentful-paint', buffered: true })
        }),
    )
    const inlineJs = inline.join('')
    const totals: AssetBytes = { jsRaw: inlineJs.length, jsGzip: 0, cssRaw: 0, cssGzip: 0, inlineJsGzip: gzipSync(inlineJs, { level: 9 }).length, jsBeforeLcp: beforeLcp }
    totals.jsGzip = totals.inlineJsGzip
    for (const file of files) {
      const path = join(distDir, file)
      if (!existsSync(path)) continue
      const kind = file.endsWith('.css') ? 'css' : 'js'
      totals[`${kind}Raw`] += statSync(path).size
      totals[`${kind}Gzip`] += statSync(`${path}.gz`).size
    }
    return totals
  } finally {
    await browser.close()
  }
}
