import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import ts from 'typescript'

const extensions = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx']

/** Whether a specifier names a file of the project: relative, or from the root ('@/…', tsconfig.json's paths). */
export const isProjectImport = (specifier: string) => specifier.startsWith('.') || specifier.startsWith('@/')

/** The file a project specifier names, as the bundler resolves it ('./a' -> './a.ts', './a.js' -> './a.ts', '@/a' -> '<root>/a.ts'). */
export function resolveImport(root: string, from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? resolve(root, specifier.slice(2)) : resolve(dirname(from), specifier.replace(/\.js$/, ''))
  return extensions.map((extension) => base + extension).find((candidate) => existsSync(candidate) && statSync(candidate).isFile())
}

/** The project specifiers of a file: static, type-only, re-exports and dynamic `import()`; packages left out. */
export const projectImportsOf = (file: string) =>
  ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter(isProjectImport)
