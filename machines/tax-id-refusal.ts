/** A refusal of the tax ID (the payment provider finds it malformed), said beside it. */
export interface TaxIdRefusal {
  field: 'taxId'
  message: string
}

export const isTaxIdRefusal = (error: unknown): error is TaxIdRefusal => typeof error === 'object' && error !== null && (error as TaxIdRefusal).field === 'taxId'
