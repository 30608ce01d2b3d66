import { Alert, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { Account, ProfileFields } from '@/common/contract'
import { profileFieldsSchema } from '@/common/contract'
import { UnsavedChangesGuard } from './UnsavedChangesGuard'
import { ErrorAlert } from '@/src/ui/FormDialog'

const fieldsOf = (account: Account): ProfileFields => ({
  firstName: account.firstName,
  lastName: account.lastName,
  image: account.image,
  github: account.github,
  companyName: account.companyName,
  country: account.country,
  address: account.address,
  city: account.city,
  state: account.state,
  zip: account.zip,
  emailAnnouncements: account.emailAnnouncements,
})

/** The server trims what it stores: 'Contoso ' and 'Contoso' are the same value. */
const sameFields = (typed: ProfileFields, stored: ProfileFields) =>
  (Object.keys(stored) as (keyof ProfileFields)[]).every((key) => {
    const value = typed[key]
    return (typeof value === 'string' ? value.trim() : value) === stored[key]
  })

interface ProfileFormProps {
  account: Account
  saving: boolean
  saved: boolean
  error: string | null
  onSave: (fields: ProfileFields) => void
  onDismissNotice: () => void
}

/** The profile form: the typed values live here, so a failed save keeps every one of them. */
export function ProfileForm({ account, saving, saved, error, onSave, onDismissNotice }: ProfileFormProps) {
  const form = useForm<ProfileFields>({ mode: 'controlled', initialValues: fieldsOf(account), validate: schemaResolver(profileFieldsSchema, { sync: true }) })
  const submit = form.onSubmit((values) => onSave(values))
  // Unsaved means: different from what the server last stored, so a failed save still asks first.
  const unsaved = !sameFields(form.getValues(), fieldsOf(account))
  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={unsaved} />
      <Stack>
        {saved && (
          <Alert color="teal" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={onDismissNotice}>
            Your profile was updated.
          </Alert>
        )}
        <ErrorAlert title="Your profile was not saved" message={error} onDismiss={onDismissNotice} />
        <Fieldset legend="Personal Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
            <TextInput label="Email" value={account.email} readOnly description="Your sign-in email cannot be changed here." />
            <TextInput label="Avatar image URL" type="url" placeholder="https://" {...form.getInputProps('image')} />
            <TextInput label="GitHub username" autoComplete="username" {...form.getInputProps('github')} />
            <TextInput label="Company" autoComplete="organization" {...form.getInputProps('companyName')} />
            <TextInput label="Country" autoComplete="country-name" {...form.getInputProps('country')} />
            <TextInput label="Address" autoComplete="street-address" {...form.getInputProps('address')} />
            <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
            <TextInput label="State" autoComplete="address-level1" {...form.getInputProps('state')} />
            <TextInput label="Zip" autoComplete="postal-code" {...form.getInputProps('zip')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Notifications">
          <Checkbox label="Email me product announcements" {...form.getInputProps('emailAnnouncements', { type: 'checkbox' })} />
        </Fieldset>
        <Group>
          <Button type="submit" loading={saving}>
            Update Profile
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
