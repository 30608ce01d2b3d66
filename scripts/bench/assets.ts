import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { offlineChromiumArgs } from '../../e2e/support/browser'

export type AssetBytes = {
  jsRaw: number
  jsGzip: number
  cssRaw: number
  cssGzip: number
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
    const totals: AssetBytes = { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0 }
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
