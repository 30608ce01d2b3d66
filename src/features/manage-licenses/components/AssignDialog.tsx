import { Button, Group, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { assignRequestSchema, type AssignRequest } from '@/common/contract'
import { ErrorAlert, FreshFormDialog } from '@/src/ui/FormDialog'

interface AssignDialogProps {
  opened: boolean
  submitting: boolean
  error: string | null
  onAssign: (assignee: AssignRequest) => void
  onAssignSeveral: () => void
  onClose: () => void
}

/** Assign License: first name, last name and email, each checked before sending (spec section 5). */
export function AssignDialog(props: AssignDialogProps) {
  return <FreshFormDialog title="Assign License" form={AssignForm} props={props} />
}

function AssignForm({ submitting, error, onAssign, onAssignSeveral, onClose }: AssignDialogProps) {
  const form = useForm({ mode: 'controlled', initialValues: { firstName: '', lastName: '', email: '' }, validate: schemaResolver(assignRequestSchema, { sync: true }) })
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onAssign({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() }))}>
      <Stack>
        <ErrorAlert message={error} />
        <TextInput label="First name" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('firstName')} />
        <TextInput label="Last name" withAsterisk autoComplete="off" {...form.getInputProps('lastName')} />
        <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
        <Group justify="space-between">
          <Button variant="subtle" onClick={onAssignSeveral} disabled={submitting}>
            Assign several
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Assign
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  )
}
