import { readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectImportsOf, resolveImport } from './imports'
import { inScratchTree } from './scratch-tree'

/**
 * The server's floors (decision 0034): the ground floor (db/, mail/, log.ts) imports nothing above
 * it; the kernel (kernel/: activity, refusals, the mail caps) imports the ground floor and nothing
 * of a domain; the domains (licensing/, organisations/, feed/, payments/, ...) and the API stand on
 * both. Packages and common/ are everyone's.
 */
const floors = {
  'server/db': ['server/db', 'server/log.ts'],
  'server/mail': ['server/mail', 'server/db', 'server/log.ts'],
  'server/kernel': ['server/kernel', 'server/db', 'server/mail', 'server/log.ts'],
}

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return filesUnder(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })

/** Each import (type-only ones too) of a file under `room` that reaches server/ outside `allowed`, as "file -> target". */
function strayImports(root: string, room: string, allowed: string[]): string[] {
  const inside = (file: string, place: string) => file === resolve(root, place) || file.startsWith(resolve(root, place) + '/')
  return filesUnder(join(root, room)).flatMap((file) =>
    projectImportsOf(file)
      .map((fileName) => resolveImport(root, file, fileName) ?? fileName)
      .filter((target) => inside(target, 'server') && !allowed.some((place) => inside(target, place)))
      .map((target) => `${relative(root, file)} -> ${relative(root, target)}`),
  )
}

describe("the server's floors", () => {
  it.each(Object.entries(floors))('%s imports only the floors below it', (room, allowed) => {
    expect(strayImports(process.cwd(), room, allowed)).toEqual([])
  })

  it('would catch the kernel importing a domain, even for its types', () => {
    const files = {
      'server/kernel/activity/record.ts':
        "import type { Role } from '@/server/organisations/roles'\nimport { newId } from '../../db/ids'\nimport * as v from 'valibot'\nexport const r = [newId, v] as unknown as Role\n",
      'server/organisations/roles.ts': 'export type Role = string\n',
      'server/db/ids.ts': 'export const newId = 1\n',
    }
    expect(inScratchTree(files, (root) => strayImports(root, 'server/kernel', floors['server/kernel']))).toEqual(['server/kernel/activity/record.ts -> server/organisations/roles.ts'])
  })
})
