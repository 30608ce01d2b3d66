import { Alert, Button, Group, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import * as v from 'valibot'
import { companyDetailsSchema } from '@/common/billing-contract'
import { detailsOf, type CompanyDraft } from '@/common/company-draft'
import { ErrorAlert } from '@/src/ui/FormDialog'
import { CompanyFields } from '@/src/ui/CompanyFields'

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
        <CompanyFields
          form={form}
          taxIdError={taxIdError}
          country={<TextInput label="Country" description="Two-letter code, e.g. DE" withAsterisk autoComplete="country" maxLength={2} {...form.getInputProps('country')} />}
        />
        <Group>
          <Button type="submit" loading={saving}>
            Save company details
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
