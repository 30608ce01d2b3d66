import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * An assertion behind an `if` runs only on some paths: a test whose branch is never taken checks
 * nothing there, and passes. Each such `if` in tests/, e2e/ and testkit/ either goes (the assertion
 * always runs) or says, in a comment right above it, why its branch is the test.
 */

/** A call that asserts: `expect(…)`, `expect.poll(…)`, `expect.soft(…)`, or a helper named `expect…(…)`. */
const asserts = /\bexpect(\.(poll|soft))?\s*\(|\bexpect[A-Z]\w*\s*\(/

/**
 * The `if` statements of a source that assert in a branch without a comment above them, by line. An
 * `else if` counts with the `if` it continues, and a run of `if` statements one after another (a
 * state's checks chosen by the state) with the comment above the first.
 */
function unexplainedConditionalAssertions(fileName: string, text: string): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const commented = (node: ts.Node) => (ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []).length > 0
  const explained = (node: ts.IfStatement): boolean => {
    if (commented(node)) return true
    const siblings = 'statements' in node.parent ? (node.parent.statements as ts.NodeArray<ts.Statement>) : undefined
    const before = siblings?.[siblings.indexOf(node) - 1]
    return before !== undefined && ts.isIfStatement(before) && explained(before)
  }
  const lines: number[] = []
  const visit = (node: ts.Node) => {
    if (ts.isIfStatement(node) && !(ts.isIfStatement(node.parent) && node.parent.elseStatement === node)) {
      const branches = [node.thenStatement, node.elseStatement].filter((branch): branch is ts.Statement => branch !== undefined)
      if (!explained(node) && branches.some((branch) => asserts.test(branch.getText(source)))) lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return lines
}

const testFiles = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'tests', 'e2e', 'testkit'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file))

describe('assertions behind an if', () => {
  it('are found, with or without braces, in either branch, and pass once a comment above says why the branch is the test', () => {
    const unexplained = ['if (shown) expect(a).toBe(1)', 'if (shown) {\n  expect(a).toBe(1)\n}', 'if (a) b()\nelse if (shown) await expectView(table)', 'if (a) b()\nelse expect.poll(c).toBe(1)']
    for (const code of unexplained) expect(unexplainedConditionalAssertions('case.ts', code), code).toEqual([1])
    expect(unexplainedConditionalAssertions('case.ts', '// The branch is the test: only a shown row has text.\nif (shown) expect(a).toBe(1)')).toEqual([])
    expect(unexplainedConditionalAssertions('case.ts', 'if (a) throw new Error("no")\nexpect(a).toBe(1)'), 'an if that asserts nothing').toEqual([])
    const run = '// The state picks its check.\nif (a) return expect(b).toBe(1)\nif (c) return expect(d).toBe(1)\nb()\nif (e) expect(f).toBe(1)'
    expect(unexplainedConditionalAssertions('case.ts', run), 'a run of ifs under one comment, and the if after it').toEqual([5])
  })

  it('say in a comment why their branch is the test, in every test file', () => {
    const found = testFiles.flatMap((file) => unexplainedConditionalAssertions(file, readFileSync(file, 'utf8')).map((line) => `${file}:${line}`))
    expect(testFiles.length, 'the test files read').toBeGreaterThan(200)
    expect(found, 'an if around an assertion, with no comment above it saying why its branch is the test').toEqual([])
  })
})
