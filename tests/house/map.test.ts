import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * docs/architecture.md is the newcomer's map: it must name every top-level folder, every room of
 * the server and every flow, and every path it names must exist, so the map cannot drift from the
 * tree without a failing test.
 */
const map = readFileSync('docs/architecture.md', 'utf8')
const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' }).split('\n').filter(Boolean)

interface Tree {
  files: string[]
}

/** The folders directly below `parent` ('' for the root) that hold tracked files. */
function foldersBelow(tree: Tree, parent: string): string[] {
  const prefix = parent ? `${parent}/` : ''
  const names = tree.files.filter((file) => file.startsWith(prefix)).map((file) => file.slice(prefix.length).split('/'))
  return [...new Set(names.filter((parts) => parts.length > 1 && !parts[0]!.startsWith('.')).map((parts) => `${prefix}${parts[0]}`))].sort()
}

/** The flows: one per machine, named by its file. */
const flowsOf = (tree: Tree) => tree.files.flatMap((file) => /^machines\/([a-z-]+)\.machine\.ts$/.exec(file)?.[1] ?? []).sort()

/** The paths the map names in backticks, with `<…>` placeholders, that start with a folder of the tree ('…' marks a path left open). */
function pathsNamed(text: string, roots: string[]): string[] {
  const named = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!)
  return [...new Set(named.filter((path) => !path.includes('…') && roots.some((root) => path === `${root}/` || path.startsWith(`${root}/`))))]
}

/** Whether a named path (a folder ends with '/', `<x>` stands for one name) is in the tree. */
function exists(tree: Tree, path: string): boolean {
  const pattern = new RegExp(
    `^${path
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/<[^>]+>/g, '[^/]+')
      .replace(/\\\*/g, '[^/]*')}${path.endsWith('/') ? '' : '(/|$)'}`,
  )
  return tree.files.some((file) => pattern.test(file))
}

/** What the map misses or names wrongly, in words. */
export function mapProblems(text: string, tree: Tree): string[] {
  const roots = foldersBelow(tree, '')
  const rooms = [...foldersBelow(tree, 'server'), ...foldersBelow(tree, 'server/local')]
  return [
    ...roots.filter((root) => !text.includes(`${root}/`)).map((root) => `the top-level folder ${root}/ is not on the map`),
    ...rooms.filter((room) => !text.includes(`\`${room}/\``)).map((room) => `the server's room ${room}/ is not on the map`),
    ...flowsOf(tree)
      .filter((flow) => !text.includes(`\`${flow}\``))
      .map((flow) => `the flow ${flow} is not on the map`),
    ...pathsNamed(text, roots)
      .filter((path) => !exists(tree, path))
      .map((path) => `the map names ${path}, which is not in the tree`),
  ]
}

describe('the map (docs/architecture.md)', () => {
  const tree = { files: tracked.filter((file) => existsSync(file)) }
  it('names every top-level folder, server room and flow, and only paths that exist', () => {
    expect(mapProblems(map, tree)).toEqual([])
  })
  it('reports a room, a folder or a flow it misses, and a path that is gone', () => {
    const withMore = { files: [...tree.files, 'server/billing-desk/desk.ts', 'atlas/index.ts', 'machines/refunds.machine.ts'] }
    const without = map.replace(/`server\/api\/`/g, '`server/gone/`')
    expect(mapProblems(without, withMore)).toEqual(
      expect.arrayContaining([
        'the top-level folder atlas/ is not on the map',
        "the server's room server/billing-desk/ is not on the map",
        "the server's room server/api/ is not on the map",
        'the flow refunds is not on the map',
        'the map names server/gone/, which is not in the tree',
      ]),
    )
  })
})
