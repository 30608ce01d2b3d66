import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AtlasRecord } from '@/e2e/tours/atlas-record'
import { changesPage } from '@/scripts/atlas/changes-page'
import { compareRuns } from '@/scripts/atlas/compare'

// pngjs as playwright-core bundles it: the comparator's own reader and writer.
type Png = { data: Buffer; width: number; height: number }
const { PNG } = createRequire(import.meta.url)('playwright-core/lib/utilsBundle') as { PNG: { new (size: { width: number; height: number }): Png; sync: { write: (png: Png) => Buffer } } }

/** A 20×20 white square, with one pixel painted red when asked. */
function square(redPixel = false): Buffer {
  const png = new PNG({ width: 20, height: 20 })
  png.data.fill(255)
  if (redPixel) png.data.set([255, 0, 0, 255], (5 * 20 + 5) * 4)
  return PNG.sync.write(png)
}

const capture = (key: string, shot: string) => ({ key, value: key, shown: {}, events: [], shot, actors: [] })
const record = (captures: ReturnType<typeof capture>[]): AtlasRecord => ({ machine: 'profile', input: null, captures })

describe('screens compared between two runs of the atlas', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atlas-compare-'))
  mkdirSync(join(dir, 'shots'))
  mkdirSync(join(dir, 'against', 'shots'), { recursive: true })
  const files: Record<string, Buffer> = {
    'shots/now-editing.png': square(true),
    'shots/now-saving.png': square(),
    'shots/now-failed.png': square(),
    'against/shots/then-editing.png': square(),
    'against/shots/then-saving.png': square(),
    'against/shots/then-loading.png': square(),
  }
  for (const [path, png] of Object.entries(files)) writeFileSync(join(dir, path), png)
  const now = [record([capture('"editing"', 'shots/now-editing.png'), capture('"saving"', 'shots/now-saving.png'), capture('"failed"', 'shots/now-failed.png')])]
  const then = [record([capture('"editing"', 'shots/then-editing.png'), capture('"saving"', 'shots/then-saving.png'), capture('"loading"', 'shots/then-loading.png')])]
  const changes = compareRuns(dir, now, 'against', then)

  it('matches screens by machine, input and state, whatever their file names, and lists the changed first', () => {
    expect(changes.map(({ name, status }) => [name, status])).toEqual([
      ['profile: "editing"', 'changed'],
      ['profile: "failed"', 'new'],
      ['profile: "loading"', 'gone'],
      ['profile: "saving"', 'same'],
    ])
  })

  it('draws the difference of a changed screen, and says how many pixels differ', () => {
    const [edited] = changes
    expect(edited).toMatchObject({ before: 'against/shots/then-editing.png', shot: 'shots/now-editing.png', diff: 'diffs/now-editing.png' })
    expect(edited!.why).toMatch(/^1 pixels \(ratio [\d.]+ of all image pixels\) are different\.$/)
    expect(readFileSync(join(dir, edited!.diff!)).subarray(1, 4).toString()).toBe('PNG')
  })

  it('writes a page with the changed screen first, its three pictures linked relatively, or says nothing changed', () => {
    const html = changesPage(changes, { ref: 'HEAD', commit: 'a'.repeat(40) })
    expect(html).toContain('1 changed, 1 new, 1 gone, 1 the same')
    expect(html.indexOf('Changed: ')).toBeLessThan(html.indexOf('New: '))
    expect(html).toContain('<img src="diffs/now-editing.png"')
    expect(html).not.toMatch(/<script|src="\//)
    expect(changesPage([changes[3]!], { ref: 'HEAD', commit: 'a'.repeat(40) })).toContain('No screen changed.')
  })
})
