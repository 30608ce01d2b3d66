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
 * Run on each connection as it opens, before its first statement (one statement: a pooler passes
 * it, as it would not pass startup options).
 * - A prepared statement is planned once, for any parameters (decision 0038). PostgreSQL's own rule
 *   (`auto`) prices the generic plan once and compares it with the plans it made for given
 *   parameters; a connection that priced it on skewed or changing statistics (autovacuum's ANALYZE
 *   in the middle of the load) plans the statement afresh at every run from then on, for as long as
 *   it lives.
 * - A page read out of order is priced as the cache and SSDs the portal runs on make it (1.1), not
 *   as a spinning disk's (PostgreSQL's 4): priced at 4, a lookup by key hashed a whole small table
 *   (every subscription, for one seat or token) rather than probe its primary key (decision 0072).
 */
export const plannerSettings = "select set_config('plan_cache_mode', 'force_generic_plan', false), set_config('random_page_cost', '1.1', false)"
