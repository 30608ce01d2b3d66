import { Button, NumberInput, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'
import type { selectRenewal } from '../renewal.select'

type SeatsDialog = NonNullable<ReturnType<typeof selectRenewal>['dialog']>

interface RenewalSeatsDialogProps {
  dialog: SeatsDialog | null
  onSave: (seats: number) => void
  onClose: () => void
}

/** Seats for renewal: how many licenses the next period keeps, from those assigned to those there are, and what that will charge. */
export function RenewalSeatsDialog({ dialog, onSave, onClose }: RenewalSeatsDialogProps) {
  return (
    <FormDialog opened={dialog !== null} onClose={onClose} title="Seats for renewal">
      {/* Mounted per opening, so the typed count starts from the renewal's and stays through a failure. */}
      {dialog && <SeatsForm dialog={dialog} onSave={onSave} onClose={onClose} />}
    </FormDialog>
  )
}

function SeatsForm({ dialog, onSave, onClose }: { dialog: SeatsDialog; onSave: (seats: number) => void; onClose: () => void }) {
  const form = useForm<{ seats: number | string }>({
    mode: 'controlled',
    initialValues: { seats: dialog.initial },
    validate: {
      seats: (value) => {
        const seats = Number(value)
        if (value === '' || !Number.isInteger(seats)) return 'Enter a whole number of licenses.'
        if (seats < dialog.min) return dialog.assigned > 0 ? `${dialog.assigned} licenses are assigned: keep at least ${dialog.assigned}, or unassign licenses first.` : 'Keep at least 1 license.'
        if (seats > dialog.max) return `At most the ${dialog.max} licenses you have now: to add licenses, buy more.`
        return null
      },
    },
  })
  const seats = Number(form.values.seats)
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSave(Number(values.seats)))}>
      <Stack>
        <ErrorAlert message={dialog.error} />
        <Text>The licenses your subscription keeps from {dialog.date}. The others end that day; assigned licenses are never taken from their holders.</Text>
        <NumberInput
          label={`Licenses from ${dialog.date}`}
          description={`At least ${dialog.min}, at most ${dialog.max}`}
          withAsterisk
          min={dialog.min}
          max={dialog.max}
          clampBehavior="none"
          allowDecimal={false}
          data-autofocus
          {...form.getInputProps('seats')}
        />
        {Number.isInteger(seats) && seats >= dialog.min && seats <= dialog.max && <Text aria-live="polite">The renewal will charge {dialog.chargeFor(seats)}, before any tax.</Text>}
        <DialogActions onCancel={onClose} busy={dialog.sending}>
          <Button type="submit" loading={dialog.sending}>
            Save
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}
