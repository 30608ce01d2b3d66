/**
 * The acting person's role, read again by a change's own statement (decision 0050): a CTE named
 * `acting` that locks their membership row `for share` until the statement's transaction ends and
 * says whether it still holds the change's permission in the organisation the change acts on. The
 * statement writes only `where ${check.allows}`, and carries `acting.*` in its answer for `settle`.
 * The API makes one per request (server/api/permitted.ts); the stores only place it.
 */
export interface RoleCheck {
  /** SQL: `acting as (…)`, one row, its parameters numbered from `$first` (after the statement's own). */
  acting(first: number): string
  /** The parameters of `acting`, appended to the statement's own. */
  readonly params: readonly unknown[]
  /** SQL: true when the role read in `acting` permits the change. */
  readonly allows: string
  /** Reads the answer's `acting.*` columns: refuses (the permission's 403) unless they permit the change. */
  settle(row: ActingRow | undefined): void
}

/** The columns `acting` gives an answer. */
export interface ActingRow {
  acting_org_oid: string | null
  acting_role: string | null
  acting_own_has_members: boolean
  acting_allowed: boolean
}
