import { Button, Stack } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useSelector } from '@xstate/react'
import { assignedCsvMachine } from '@/machines/assigned-csv.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { useAppActorRef } from '@/src/ui/app-actors'
import { ErrorAlert } from '@/src/ui/FormDialog'
import { saveTextFile } from '@/src/ui/save-file'
import { assignedCsvActors } from '../assigned-csv.actors'
import { selectAssignedCsv } from '../assigned-csv.select'

export const csvFileName = 'assigned-licenses.csv'

interface AssignedCsvDownloadProps {
  /** Saves the file (tests replace it). */
  saveFile?: (csv: string) => void
}

/** 'Download CSV': the assigned seats as a spreadsheet file; a failure is said under it until dismissed. */
export function AssignedCsvDownload({ saveFile = (csv) => saveTextFile(csv, csvFileName, 'text/csv') }: AssignedCsvDownloadProps) {
  const { api } = useAccountServices()
  const csv = useAppActorRef(assignedCsvMachine.provide({ actors: assignedCsvActors(api), actions: { saveFile: (_, params) => saveFile(params.csv) } }))
  const { downloading, error } = useSelector(csv, selectAssignedCsv)
  return (
    <Stack gap="xs" align="flex-end">
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} loading={downloading} onClick={() => csv.send({ type: 'csv.download' })}>
        Download CSV
      </Button>
      <ErrorAlert title="The CSV could not be downloaded" message={error} onDismiss={() => csv.send({ type: 'error.dismiss' })} />
    </Stack>
  )
}
