import { assignedCsvHeader } from '@/common/contract'
import { findPlan } from '@/common/plans'
import type { Queryable } from '../db/database'
import { csvText } from './csv'
import { readAssignedSeats } from './license-store'
import { seatStatus } from './standing'

const isoOrEmpty = (value: Date | null) => (value ? new Date(value).toISOString() : '')

/**
 * `GET /api/licenses/assigned.csv`: the seats `GET /api/licenses/assigned` lists, one line each
 * under assignedCsvHeader, with the plan's name and the seat's standing as My Licenses words it.
 */
export async function assignedSeatsCsv(db: Queryable, ownerOid: string): Promise<string> {
  const rows = await readAssignedSeats(db, ownerOid)
  return csvText([
    assignedCsvHeader,
    ...rows.map((row) => [
      row.assignee_email,
      row.assignee_first_name,
      row.assignee_last_name,
      findPlan(row.price_id)?.name ?? row.price_id,
      isoOrEmpty(row.assigned_at),
      isoOrEmpty(row.last_feed_access_at),
      seatStatus({ status: row.status, cancelAtPeriodEnd: row.cancel_at_period_end }),
    ]),
  ])
}
