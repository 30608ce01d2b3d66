import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** A throwaway tree of files (path: text) in a temporary folder, for a check to show what it would catch; removed after `work`. */
export function inScratchTree<T>(files: Record<string, string>, work: (root: string) => T): T {
  const root = mkdtempSync(join(tmpdir(), 'house-scratch-'))
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    return work(root)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
