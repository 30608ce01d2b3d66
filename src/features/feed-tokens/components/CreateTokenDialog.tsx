import { Button, Checkbox, NumberInput, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { createFeedTokenRequestSchema, feedTokenLimits } from '@/common/contract'
import type { FeedTokenDraft } from '@/common/feed-token-draft'
import { DialogActions, ErrorAlert, FreshFormDialog } from '@/src/ui/FormDialog'

interface CreateTokenDialogProps {
  opened: boolean
  submitting: boolean
  error: string | null
  /** A refusal's message under the field it names (the scope's packages wider than the subscription covers). */
  fieldErrors: Partial<Record<string, string>>
  onCreate: (draft: FeedTokenDraft) => void
  onClose: () => void
}

/**
 * Create feed token: a name, how many days it lasts (365 unless changed, at most 730), and its scope
 * (issue 47): the packages it opens, the networks it may be used from a day, whether a leak
 * suspends it; checked by the contract before sending.
 */
export function CreateTokenDialog(props: CreateTokenDialogProps) {
  return <FreshFormDialog title="Create feed token" form={CreateTokenForm} props={props} />
}

function CreateTokenForm({ submitting, error, fieldErrors, onCreate, onClose }: CreateTokenDialogProps) {
  const form = useForm<FeedTokenDraft>({
    mode: 'controlled',
    initialValues: { name: '', expiresInDays: feedTokenLimits.defaultDays, packages: '', maxNetworks: feedTokenLimits.defaultNetworks, suspendOnLeak: false },
    validate: schemaResolver(createFeedTokenRequestSchema, { sync: true }),
  })
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onCreate(values))}>
      <Stack>
        <ErrorAlert message={error} />
        <TextInput label="Name" description="Where it is used, e.g. GitHub Actions" withAsterisk autoComplete="off" maxLength={feedTokenLimits.name} data-autofocus {...form.getInputProps('name')} />
        {/* Not clamped: a number over the maximum is said, not silently changed. */}
        <NumberInput label="Expires in (days)" withAsterisk min={1} max={feedTokenLimits.maxDays} clampBehavior="none" allowDecimal={false} {...form.getInputProps('expiresInDays')} />
        <TextInput
          label="Packages"
          description="Package ids or prefixes ending in *, separated by commas, e.g. Prism.Plus.Popups; empty: every package the subscription covers"
          autoComplete="off"
          {...form.getInputProps('packages')}
          error={form.getInputProps('packages').error ?? fieldErrors.packages}
        />
        <NumberInput
          label="Networks a day"
          description="Distinct client networks (IPv4 /24, IPv6 /64) it may be used from within 24 hours; one more marks it a possible leak"
          withAsterisk
          min={1}
          max={feedTokenLimits.maxNetworks}
          clampBehavior="none"
          allowDecimal={false}
          {...form.getInputProps('maxNetworks')}
        />
        <Checkbox
          label="Suspend on leak"
          description="Refuse every build that uses it once it is marked a possible leak, until an owner resumes it"
          {...form.getInputProps('suspendOnLeak', { type: 'checkbox' })}
        />
        <DialogActions onCancel={onClose} busy={submitting}>
          <Button type="submit" loading={submitting}>
            Create token
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}
