import type { Database } from '@/server/db/database'

export interface SandboxPrice {
  id: string
  productName: string
  /** Per seat per year, in US cents. */
  unitAmount: number
}

export interface SandboxOptions {
  db: Database
  /** e.g. https://localhost:5173: hosted page URLs */
  origin: string
  /** e.g. sk_test_sandbox_local */
  secretKey: string
  /** e.g. pk_test_sandbox_local */
  publishableKey: string
  prices: SandboxPrice[]
  webhook: { url: string; secret: string }
  /** Sends one webhook delivery; the default uses fetch. */
  deliver?: (url: string, request: { body: string; headers: Record<string, string> }) => Promise<{ status: number }>
  retry?: { baseDelayMs: number; maxAttempts: number }
}
