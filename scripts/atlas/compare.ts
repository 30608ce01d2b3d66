import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { AtlasRecord } from '@/e2e/tours/atlas-record'
import { screens } from './records'

type Comparator = (actual: Buffer, expected: Buffer) => { errorMessage: string; diff?: Buffer } | null
// Playwright's own screenshot comparator (pixelmatch, which playwright-core bundles), the one its
// toHaveScreenshot uses: no package of our own (decision 0053). It is not a public entry point:
// tests/scripts/atlas-compare.test.ts fails when an upgrade of Playwright moves it.
const { utils } = createRequire(import.meta.url)('playwright-core/lib/coreBundle') as { utils: { getComparator: (mimeType: string) => Comparator } }
const comparePng = utils.getComparator('image/png')

/** One screen of this run against the other's: changed (with the difference drawn), new, gone, or the same. */
export interface ScreenChange {
  name: string
  machine: string
  status: 'changed' | 'new' | 'gone' | 'same'
  /** Paths under the atlas folder. */
  shot?: string
  before?: string
  diff?: string
  /** What differs, in Playwright's words (pixels, or the size). */
  why?: string
}

/**
 * Compares each screen of this run (`atlasDir`) with the same screen of the other run (its shots
 * under `atlasDir/beforeDir`), drawing each difference into `atlasDir/diffs/`. Changed screens
 * first, then new and gone ones, then the same.
 */
export function compareRuns(atlasDir: string, records: readonly AtlasRecord[], beforeDir: string, before: readonly AtlasRecord[]): ScreenChange[] {
  const now = screens(records)
  const then = screens(before)
  mkdirSync(join(atlasDir, 'diffs'), { recursive: true })
  const changes: ScreenChange[] = []
  for (const [name, screen] of now) {
    const old = then.get(name)
    if (!old) {
      changes.push({ name, machine: screen.machine, status: 'new', shot: screen.shot })
      continue
    }
    const beforeShot = join(beforeDir, old.shot)
    const result = comparePng(readFileSync(join(atlasDir, screen.shot)), readFileSync(join(atlasDir, beforeShot)))
    if (!result) {
      changes.push({ name, machine: screen.machine, status: 'same', shot: screen.shot, before: beforeShot })
      continue
    }
    const diff = join('diffs', screen.shot.replace(/^.*\//, ''))
    if (result.diff) writeFileSync(join(atlasDir, diff), result.diff)
    changes.push({ name, machine: screen.machine, status: 'changed', shot: screen.shot, before: beforeShot, diff: result.diff ? diff : undefined, why: result.errorMessage })
  }
  for (const [name, screen] of then) if (!now.has(name)) changes.push({ name, machine: screen.machine, status: 'gone', before: join(beforeDir, screen.shot) })
  const order = { changed: 0, new: 1, gone: 2, same: 3 } as const
  return changes.sort((a, b) => order[a.status] - order[b.status] || a.name.localeCompare(b.name))
}
