import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The nginx configuration of the production topology, and the doc that shows it. */
export const nginxConfigFile = 'deploy/nginx/prism.conf'
export const deployingDoc = 'docs/deploying.md'

const root = fileURLToPath(new URL('../../', import.meta.url))
const start = `<!-- ${nginxConfigFile}: npx tsx scripts/feed/nginx-doc.ts copies the file here; a test checks it -->`
const end = `<!-- end of ${nginxConfigFile} -->`

/** The file's text, with its {{NAME}} placeholders. */
export const readNginxConfig = () => readFileSync(`${root}${nginxConfigFile}`, 'utf8')

/** The configuration for one deployment: each {{NAME}} replaced; a placeholder without a value is an error. */
export function fillNginxConfig(template: string, values: Record<string, string>): string {
  const filled = template.replace(/\{\{([A-Z_]+)\}\}/g, (placeholder, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`No value for ${placeholder} in ${nginxConfigFile}`)
    return value
  })
  return filled
}

/** The placeholders the file uses, each once. */
export const placeholdersOf = (template: string) => [...new Set([...template.matchAll(/\{\{([A-Z_]+)\}\}/g)].map((match) => match[1]!))]

const block = (config: string) => `${start}\n\n\`\`\`nginx\n${config.trimEnd()}\n\`\`\`\n\n${end}`

/** The configuration as the doc shows it (null when the doc has no such block). */
export function nginxBlockOf(markdown: string): string | null {
  const from = markdown.indexOf(start)
  const to = markdown.indexOf(end)
  if (from < 0 || to < from) return null
  return markdown.slice(from, to + end.length)
}

/** The doc with its block replaced by the file's text, as `npx tsx scripts/feed/nginx-doc.ts` writes it. */
export function withNginxBlock(markdown: string, config: string): string {
  const current = nginxBlockOf(markdown)
  if (current === null) throw new Error(`${deployingDoc} has no block for ${nginxConfigFile} (${start} … ${end})`)
  return markdown.replace(current, () => block(config))
}

/** What the doc's block must be. */
export const expectedNginxBlock = (config: string) => block(config)

// `tsx scripts/feed/nginx-doc.ts`: copies the file into the doc.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const doc = `${root}${deployingDoc}`
  const before = readFileSync(doc, 'utf8')
  const after = withNginxBlock(before, readNginxConfig())
  if (after !== before) writeFileSync(doc, after)
  console.log(after === before ? `${deployingDoc} already shows ${nginxConfigFile}` : `${deployingDoc} now shows ${nginxConfigFile}`)
}
