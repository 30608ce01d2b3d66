import type Stripe from 'stripe'
import type { Queryable } from '@/server/db/database'
import { seller } from './seller'
import { load, mustLoad, save } from './store'

/**
 * Bank transfers to a customer's balance: each customer gets a virtual account number of its own,
 * made the first time it is asked for and the same ever after, as Stripe's funding instructions
 * are. What a transfer to it names (the account number) tells Stripe which customer paid.
 */

interface CustomerSecrets {
  virtualAccount?: string
}

const holder = seller.name
const holderAddress: Stripe.Address = seller.address
const bankAddress: Stripe.Address = { city: 'New York', country: 'US', line1: '1 Sandbox Plaza', line2: null, postal_code: '10004', state: 'NY' }
const bankName = 'Sandbox Bank, N.A.'
/** Stripe's test routing number and a test SWIFT code. */
export const sandboxRouting = '110000000'
export const sandboxSwift = 'SNDBUS33'

/** The customer's virtual account number (twelve digits), made on first use. */
export async function virtualAccountOf(q: Queryable, customerId: string): Promise<string> {
  const row = await mustLoad<Stripe.Customer>(q, 'customer', customerId, { lock: true })
  const secrets = row.private as CustomerSecrets
  if (secrets.virtualAccount) return secrets.virtualAccount
  const digits = Array.from({ length: 12 }, (_, index) => (index === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10))).join('')
  await save(q, row.data, { ...secrets, virtualAccount: digits })
  return digits
}

/** Stripe's funding instructions for a US bank transfer of dollars to that account: by ACH or wire (aba), or SWIFT. */
export function fundingInstructions(accountNumber: string): Stripe.FundingInstructions {
  const account = { account_holder_address: holderAddress, account_holder_name: holder, account_number: accountNumber, account_type: 'checking', bank_address: bankAddress, bank_name: bankName }
  return {
    object: 'funding_instructions',
    bank_transfer: {
      country: 'US',
      financial_addresses: [
        { type: 'aba', aba: { ...account, routing_number: sandboxRouting }, supported_networks: ['ach', 'domestic_wire_us'] },
        { type: 'swift', swift: { ...account, swift_code: sandboxSwift }, supported_networks: ['swift'] },
      ],
      type: 'us_bank_transfer',
    },
    currency: 'usd',
    funding_type: 'bank_transfer',
    livemode: false,
  }
}

/** The lines an invoice prints for paying by transfer. */
export function transferLines(accountNumber: string): string[] {
  return [`Bank: ${bankName}`, `Account holder: ${holder}`, `Account number: ${accountNumber}`, `Routing number (ACH, wire): ${sandboxRouting}`, `SWIFT/BIC: ${sandboxSwift}`]
}

/** The transfer lines of a customer's virtual account, or none before it has one. */
export async function transferLinesOf(q: Queryable, customerId: string): Promise<string[]> {
  const row = await load<Stripe.Customer>(q, 'customer', customerId)
  const account = (row?.private as CustomerSecrets | undefined)?.virtualAccount
  return account ? transferLines(account) : []
}
