import type { NamedStatement } from './database'

/** How many statement texts get a name of their own; past them (text made up on the fly), statements run unnamed. */
const maxNamed = 2_000
const names = new Map<string, string>()

/**
 * A statement's text and the name it runs under, prepared once per connection: its own (the feed's credential
 * check names its own), else one given to its text (the same text, the same name, in this process).
 * A statement with parameters holds one command (the extended protocol's rule), so it can be
 * prepared; one without may hold several (a migration) and runs as it is, unnamed.
 */
export function statementOf(sql: string | NamedStatement, values: readonly unknown[]): { name: string | undefined; text: string } {
  if (typeof sql !== 'string') return sql
  if (values.length === 0) return { name: undefined, text: sql }
  let name = names.get(sql)
  if (name === undefined && names.size < maxNamed) names.set(sql, (name = `prism_${names.size}`))
  return { name, text: sql }
}

/**
 * Run on each connection as it opens, before its first statement: a prepared statement is planned
 * once, for any parameters (decision 0038). PostgreSQL's own rule (`auto`) prices the generic plan
 * once and compares it with the plans it made for given parameters; a connection that priced it on
 * skewed or changing statistics (autovacuum's ANALYZE in the middle of the load) plans the statement
 * afresh at every run from then on, for as long as it lives.
 */
export const planPreparedOnce = 'set plan_cache_mode = force_generic_plan'
