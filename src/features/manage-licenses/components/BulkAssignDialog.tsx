import { Button, List, Stack, Text, Textarea } from '@mantine/core'
import { IconAlertCircle, IconCheck, IconCircleDashed, IconMinus } from '@tabler/icons-react'
import type { BulkLine, BulkResult } from '@/machines/manage-licenses.machine'
import { parseBulkLines } from '../bulk-lines'
import { DialogActions, FormDialog } from '@/src/ui/FormDialog'

interface BulkAssignDialogProps {
  opened: boolean
  lines: (BulkLine & { result: BulkResult | null })[]
  canEdit: boolean
  canSubmit: boolean
  sending: boolean
  finished: boolean
  assignedCount: number
  onChange: (lines: BulkLine[]) => void
  onSubmit: () => void
  onClose: () => void
}

function lineStatus(line: BulkLine & { result: BulkResult | null }) {
  if (line.error) return { icon: IconAlertCircle, color: 'red', text: line.error }
  if (!line.result) return { icon: IconCircleDashed, color: 'gray', text: 'Ready to assign' }
  if (line.result.status === 'assigned') return { icon: IconCheck, color: 'teal', text: 'Assigned' }
  if (line.result.status === 'failed') return { icon: IconAlertCircle, color: 'red', text: line.result.message }
  return { icon: IconMinus, color: 'gray', text: 'Not assigned: no license left' }
}

/** Assign several: pasted lines, each checked and shown, then assigned one by one with its result. */
export function BulkAssignDialog(props: BulkAssignDialogProps) {
  const ready = props.lines.filter((line) => !line.error).length
  return (
    <FormDialog opened={props.opened} onClose={props.onClose} title="Assign several licenses" size="lg">
      <Stack>
        <Textarea
          label="Assignees"
          description="One per line: first name, last name, email"
          placeholder={'Ada, Lovelace, ada@example.com\nAlan, Turing, alan@example.com'}
          autosize
          minRows={4}
          maxRows={12}
          readOnly={!props.canEdit}
          data-autofocus
          onChange={(event) => props.onChange(parseBulkLines(event.currentTarget.value))}
        />
        {props.lines.length > 0 && (
          <List spacing={6} size="sm" listStyleType="none" aria-label="Lines to assign" aria-live="polite">
            {props.lines.map((line, index) => {
              const status = lineStatus(line)
              return (
                <List.Item className="typed-text" key={`${index}-${line.text}`} icon={<status.icon size={16} color={`var(--mantine-color-${status.color}-8)`} aria-hidden="true" />}>
                  <Text span fw={600} size="sm">
                    {line.text}
                  </Text>
                  <Text span size="sm" c={status.color === 'gray' ? 'dimmed' : `${status.color}.9`}>
                    {' '}
                    — {status.text}
                  </Text>
                </List.Item>
              )
            })}
          </List>
        )}
        {props.canEdit && props.lines.some((line) => line.error) && (
          <Text size="sm" c="red.9">
            Correct or remove the lines marked as not valid to assign.
          </Text>
        )}
        {props.finished && (
          <Text role="status" fw={600}>
            {props.assignedCount} of {props.lines.length} licenses assigned.
          </Text>
        )}
        <DialogActions onCancel={props.onClose} busy={props.sending} cancelLabel={props.finished ? 'Close' : 'Cancel'}>
          {!props.finished && (
            <Button onClick={props.onSubmit} disabled={!props.canSubmit} loading={props.sending}>
              {ready === 1 ? 'Assign 1 license' : `Assign ${ready} licenses`}
            </Button>
          )}
        </DialogActions>
      </Stack>
    </FormDialog>
  )
}
