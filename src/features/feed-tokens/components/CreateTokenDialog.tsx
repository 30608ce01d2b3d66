import { Button, NumberInput, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { createFeedTokenRequestSchema, feedTokenLimits } from '@/common/contract'
import type { FeedTokenDraft } from '@/common/feed-token-draft'
import { DialogActions, ErrorAlert, FreshFormDialog } from '@/src/ui/FormDialog'

interface CreateTokenDialogProps {
  opened: boolean
  submitting: boolean
  error: string | null
  onCreate: (draft: FeedTokenDraft) => void
  onClose: () => void
}

/** Create feed token: a name, and how many days it lasts (365 unless changed, at most 730), checked by the contract before sending. */
export function CreateTokenDialog(props: CreateTokenDialogProps) {
  return <FreshFormDialog title="Create feed token" form={CreateTokenForm} props={props} />
}

function CreateTokenForm({ submitting, error, onCreate, onClose }: CreateTokenDialogProps) {
  const form = useForm<FeedTokenDraft>({
    mode: 'controlled',
    initialValues: { name: '', expiresInDays: feedTokenLimits.defaultDays },
    validate: schemaResolver(createFeedTokenRequestSchema, { sync: true }),
  })
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onCreate(values))}>
      <Stack>
        <ErrorAlert message={error} />
        <TextInput label="Name" description="Where it is used, e.g. GitHub Actions" withAsterisk autoComplete="off" maxLength={feedTokenLimits.name} data-autofocus {...form.getInputProps('name')} />
        {/* Not clamped: a number over the maximum is said, not silently changed. */}
        <NumberInput label="Expires in (days)" withAsterisk min={1} max={feedTokenLimits.maxDays} clampBehavior="none" allowDecimal={false} {...form.getInputProps('expiresInDays')} />
        <DialogActions onCancel={onClose} busy={submitting}>
          <Button type="submit" loading={submitting}>
            Create token
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}
