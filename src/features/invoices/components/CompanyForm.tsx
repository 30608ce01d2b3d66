import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import * as v from 'valibot'
import { companyDetailsSchema, companyLimits, taxIdTypes } from '@/common/billing-contract'
import { detailsOf, type CompanyDraft } from '@/common/company-draft'
import { ErrorAlert } from '@/src/ui/FormDialog'

interface CompanyFormProps {
  initial: CompanyDraft
  saving: boolean
  saved: boolean
  error: string | null
  /** The payment provider's refusal of the tax ID, said beside it. */
  taxIdError: string | null
  onSave: (draft: CompanyDraft) => void
  onDismiss: () => void
}

/** Where each of the contract's issues is said: under the field it names. */
const fieldOf: Record<string, keyof CompanyDraft> = {
  legalName: 'legalName',
  'address.line1': 'line1',
  'address.line2': 'line2',
  'address.city': 'city',
  'address.postalCode': 'postalCode',
  'address.state': 'state',
  'address.country': 'country',
  'taxId.type': 'taxIdType',
  'taxId.value': 'taxIdValue',
}

/** The contract's check of the flat form, the first issue of each field. */
function contractErrors(values: CompanyDraft) {
  const errors: Partial<Record<keyof CompanyDraft, string>> = {}
  for (const issue of v.safeParse(companyDetailsSchema, detailsOf(values)).issues ?? []) errors[fieldOf[v.getDotPath(issue) ?? ''] ?? 'legalName'] ??= issue.message
  return errors
}

/** Company details: legal name, address, and a tax ID with its kind; checked by the contract before sending. */
export function CompanyForm({ initial, saving, saved, error, taxIdError, onSave, onDismiss }: CompanyFormProps) {
  const form = useForm<CompanyDraft>({ mode: 'controlled', initialValues: initial, validate: contractErrors })
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSave(values))}>
      <Stack maw={640}>
        {saved && (
          <Alert color="green" role="status" title="Company details saved" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
            Your next invoice is made out to them.
          </Alert>
        )}
        <ErrorAlert title="Your company details were not saved" message={error} onDismiss={onDismiss} />
        <TextInput label="Legal name" withAsterisk autoComplete="organization" maxLength={companyLimits.legalName} {...form.getInputProps('legalName')} />
        <TextInput label="Address" withAsterisk autoComplete="address-line1" maxLength={companyLimits.line} {...form.getInputProps('line1')} />
        <TextInput label="Address line 2" autoComplete="address-line2" maxLength={companyLimits.line} {...form.getInputProps('line2')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Postal code" autoComplete="postal-code" maxLength={companyLimits.postalCode} {...form.getInputProps('postalCode')} />
          <TextInput label="City" withAsterisk autoComplete="address-level2" maxLength={companyLimits.city} {...form.getInputProps('city')} />
          <TextInput label="State or region" autoComplete="address-level1" maxLength={companyLimits.state} {...form.getInputProps('state')} />
          <TextInput label="Country" description="Two-letter code, e.g. DE" withAsterisk autoComplete="country" maxLength={2} {...form.getInputProps('country')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect label="Tax ID type" data={[{ value: '', label: 'No tax ID' }, ...taxIdTypes.map((type) => ({ value: type.type, label: type.label }))]} {...form.getInputProps('taxIdType')} />
          <TextInput
            label="Tax ID"
            description="VAT number or other tax ID, as registered"
            disabled={!form.values.taxIdType}
            maxLength={companyLimits.taxId}
            {...form.getInputProps('taxIdValue')}
            error={form.errors.taxIdValue ?? taxIdError}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={saving}>
            Save company details
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
