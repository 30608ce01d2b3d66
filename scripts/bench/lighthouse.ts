import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface LighthouseFigures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
  cls: number
}

/** Runs Lighthouse (mobile defaults) in headless Chromium against one address. */
export async function lighthouse(url: string, chromePath: string): Promise<LighthouseFigures> {
  const { stdout } = await run(
    'node_modules/.bin/lighthouse',
    [
      url,
      '--output=json',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --ignore-certificate-errors --disable-background-networking --disable-component-update --no-first-run --disable-sync',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 256 * 1024 * 1024 },
  )
  const report = JSON.parse(stdout)
  const score = (id: string) => report.categories[id].score as number
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: report.audits['largest-contentful-paint'].numericValue,
    tbtMs: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
  }
}

/** Runs Lighthouse this many times and keeps the median of each figure (scores included). */
export async function lighthouseMedian(url: string, chromePath: string, runs: number): Promise<LighthouseFigures> {
  const all: LighthouseFigures[] = []
  for (let run = 0; run < runs; run++) all.push(await lighthouse(url, chromePath))
  const median = (key: keyof LighthouseFigures) => all.map((figures) => figures[key]).sort((a, b) => a - b)[Math.floor(runs / 2)]!
  return Object.fromEntries(Object.keys(all[0]!).map((key) => [key, median(key as keyof LighthouseFigures)])) as unknown as LighthouseFigures
}
