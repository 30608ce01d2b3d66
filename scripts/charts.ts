import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { allModels } from '../testkit/model/node-flows'
import { chartFiles, chartsDir } from './charts/files'

/**
 * Writes docs/statecharts/ from the machines: `npm run charts`. With --check it only compares
 * and fails when a committed file is stale or missing.
 */
const check = process.argv.includes('--check')
const files = chartFiles(allModels)
const stale = [...files].filter(([path, content]) => {
  try {
    return readFileSync(path, 'utf8') !== content
  } catch {
    return true
  }
})

if (check) {
  if (stale.length) {
    console.error(`Stale statecharts (run npm run charts): ${stale.map(([path]) => path).join(', ')}`)
    process.exit(1)
  }
  console.log(`Statecharts are up to date (${files.size} files).`)
} else {
  mkdirSync(chartsDir, { recursive: true })
  for (const name of readdirSync(chartsDir)) if (!files.has(`${chartsDir}/${name}`)) rmSync(`${chartsDir}/${name}`)
  for (const [path, content] of files) writeFileSync(path, content)
  console.log(`Wrote ${files.size} files to ${chartsDir}/ (${stale.length} changed).`)
}
