import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { atlasCapturesDir, type AtlasCapture, type AtlasRecord } from '@/e2e/tours/atlas-record'

/** The records a browser run of the atlas wrote under `dir` (none when it did not run). */
export function readRecords(dir: string): AtlasRecord[] {
  const capturesDir = join(dir, atlasCapturesDir)
  return (existsSync(capturesDir) ? readdirSync(capturesDir, { withFileTypes: true }) : [])
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => JSON.parse(readFileSync(join(capturesDir, entry.name), 'utf8')) as AtlasRecord)
}

/** What names one screen across runs: the toured machine, its input, and the state the user can tell apart. */
export const screenName = (record: AtlasRecord, capture: AtlasCapture) => `${record.machine}${JSON.stringify(record.input) === 'null' ? '' : ` ${JSON.stringify(record.input)}`}: ${capture.key}`

/** Every screen of a run by its name, with its screenshot's path under the run's folder. */
export function screens(records: readonly AtlasRecord[]): Map<string, { machine: string; key: string; shot: string }> {
  return new Map(records.flatMap((record) => record.captures.map((capture) => [screenName(record, capture), { machine: record.machine, key: capture.key, shot: capture.shot }] as const)))
}
