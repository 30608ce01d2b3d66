import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import pg from 'pg'

const defaultUrl = 'postgres://postgres@127.0.0.1:55432/postgres'

async function answers(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * The PostgreSQL server the bench creates its databases on: BENCH_DATABASE_URL, else the one
 * scripts/ci-postgres.sh starts (on 127.0.0.1:55432), started when it does not answer yet.
 */
export async function postgresServer(): Promise<string> {
  const given = process.env.BENCH_DATABASE_URL
  if (given) {
    if (!(await answers(given))) throw new Error('BENCH_DATABASE_URL does not answer')
    return given
  }
  if (await answers(defaultUrl)) return defaultUrl
  console.log('Starting PostgreSQL (scripts/ci-postgres.sh)...')
  const { stdout } = await promisify(execFile)('bash', ['scripts/ci-postgres.sh'], { timeout: 300_000 })
  const url = stdout.trim().split('\n').at(-1)!
  if (!(await answers(url))) throw new Error(`scripts/ci-postgres.sh printed ${url}, which does not answer`)
  return url
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** A fresh database of its own on the server (CREATE DATABASE), as a connection string. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a database name: ${name}`)
  await onServer(serverUrl, (client) => client.query(`create database "${name}"`))
  const address = new URL(serverUrl)
  address.pathname = `/${name}`
  return address.toString()
}

/** Drops the database, closing whatever connections are left on it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`))
}

/** Runs one query on a database of the bench (the feed holders' keys, read back after seeding). */
export function queryDatabase<T>(databaseUrl: string, text: string): Promise<T[]> {
  return onServer(databaseUrl, async (client) => (await client.query(text)).rows as T[])
}
