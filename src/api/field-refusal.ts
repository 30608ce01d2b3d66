import * as v from 'valibot'
import { fieldRefusalSchema } from '@/common/billing-contract'
import { ApiError } from './errors'

/** The API's refusal of one field (422 `{ message, field }`) as the machines tell it apart; any other failure as it is. */
export function asFieldRefusal(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.failure.kind !== 'http' || error.failure.status !== 422) return error
  try {
    const parsed = v.safeParse(fieldRefusalSchema, JSON.parse(error.failure.body))
    return parsed.success ? Object.assign(new Error(parsed.output.message), { field: parsed.output.field }) : error
  } catch {
    return error
  }
}
