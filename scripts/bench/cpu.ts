import { readdirSync, readFileSync } from 'node:fs'
import { queryDatabase } from './postgres'

/**
 * CPU time spent by processes, from Linux's /proc: what a scenario cost the server and the
 * database, per request. On a machine shared with other work the requests per second follow the
 * share of the cores the bench gets; the CPU time each request takes does much less so, and its
 * ratio between two commits is the steadier figure (decision 0027). Null off Linux.
 */
const ticksPerSecond = 100

/** utime + stime of a process in ms (fields 14 and 15 of /proc/<pid>/stat), and its parent's pid. */
function statOf(pid: number): { ms: number; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces: the fields after it follow its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond, parent: Number(fields[1]) }
  } catch {
    return null
  }
}

/** Each pid given and every process under it (a server started through tsx runs in a child), with its CPU ms so far. */
function treeOf(roots: number[]): Map<number, number> {
  const all = new Map<number, { ms: number; parent: number }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = statOf(Number(entry))
    if (stat) all.set(Number(entry), stat)
  }
  const tree = new Map<number, number>()
  const add = (pid: number) => {
    const stat = all.get(pid)
    if (!stat || tree.has(pid)) return
    tree.set(pid, stat.ms)
    for (const [child, { parent }] of all) if (parent === pid) add(child)
  }
  roots.forEach(add)
  return tree
}

/** The backends serving a database of the bench's PostgreSQL server (when it runs on this machine). */
async function backendsOf(databaseUrl: string): Promise<number[]> {
  const name = new URL(databaseUrl).pathname.slice(1)
  const rows = await queryDatabase<{ pid: number }>(databaseUrl, `select pid from pg_stat_activity where datname = '${name.replace(/'/g, '')}' and pid <> pg_backend_pid()`)
  return rows.map((row) => row.pid)
}

export interface CpuSnapshot {
  server: Map<number, number>
  database: Map<number, number>
}

/** The CPU ms of the server processes and of the database's backends, now; null off Linux. */
export async function cpuNow(serverPids: number[], databaseUrl: string | null): Promise<CpuSnapshot | null> {
  if (process.platform !== 'linux') return null
  const database = databaseUrl ? treeOf(await backendsOf(databaseUrl).catch(() => [])) : new Map<number, number>()
  return { server: treeOf(serverPids), database }
}

/** CPU ms spent between two snapshots (a process that came in between counts from zero; one that ended is not seen). */
export function cpuSpent(before: CpuSnapshot | null, after: CpuSnapshot | null) {
  if (!before || !after) return null
  const spent = (from: Map<number, number>, to: Map<number, number>) => [...to].reduce((sum, [pid, ms]) => sum + ms - (from.get(pid) ?? 0), 0)
  return { serverMs: spent(before.server, after.server), databaseMs: spent(before.database, after.database) }
}
