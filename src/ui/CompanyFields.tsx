import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { ReactNode } from 'react'
import { companyLimits, taxIdTypes } from '@/common/billing-contract'
import type { CompanyDraft } from '@/common/company-draft'

interface CompanyFieldsProps<T extends CompanyDraft> {
  form: UseFormReturnType<T>
  /** The country's field: a code typed (Invoices and company) or a list of countries (an order by invoice). */
  country: ReactNode
  /** The payment provider's refusal of the tax ID, said beside it. */
  taxIdError: string | null
  /** The first field takes the focus when the form opens in a dialog. */
  autoFocus?: boolean
}

/** A company's legal name, address and tax ID with its kind: the fields an invoice is made out to. */
export function CompanyFields<T extends CompanyDraft>({ form, country, taxIdError, autoFocus }: CompanyFieldsProps<T>) {
  const input = (field: keyof CompanyDraft) => form.getInputProps(field as string)
  return (
    <>
      <TextInput label="Legal name" withAsterisk autoComplete="organization" maxLength={companyLimits.legalName} data-autofocus={autoFocus || undefined} {...input('legalName')} />
      <TextInput label="Address" withAsterisk autoComplete="address-line1" maxLength={companyLimits.line} {...input('line1')} />
      <TextInput label="Address line 2" autoComplete="address-line2" maxLength={companyLimits.line} {...input('line2')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Postal code" autoComplete="postal-code" maxLength={companyLimits.postalCode} {...input('postalCode')} />
        <TextInput label="City" withAsterisk autoComplete="address-level2" maxLength={companyLimits.city} {...input('city')} />
        <TextInput label="State or region" autoComplete="address-level1" maxLength={companyLimits.state} {...input('state')} />
        {country}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect label="Tax ID type" data={[{ value: '', label: 'No tax ID' }, ...taxIdTypes.map((type) => ({ value: type.type, label: type.label }))]} {...input('taxIdType')} />
        <TextInput
          label="Tax ID"
          description="VAT number or other tax ID, as registered"
          disabled={!form.values.taxIdType}
          maxLength={companyLimits.taxId}
          {...input('taxIdValue')}
          error={(form.errors.taxIdValue as string | undefined) ?? taxIdError}
        />
      </SimpleGrid>
    </>
  )
}
