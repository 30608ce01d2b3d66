// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AssignedCsvDownload, csvFileName } from '@/src/features/manage-licenses/components/AssignedCsvDownload'
import { saveTextFile } from '@/src/ui/save-file'
import { planPaths } from '@/testkit/model/paths'
import { assignedCsv, assignedCsvModel } from '@/testkit/flows/assigned-csv/assigned-csv.model'
import { account } from '@/testkit/flows/session/session.model'
import { pendingApi, renderAccountPage, settleActorEvent } from '@/tests/support/pending-api'
import { walkPaths } from '@/tests/support/run-paths'
import { assignedCsvViewTable } from '@/testkit/flows/assigned-csv/assigned-csv.view-table'
import { assignedCsvOracle } from '@/testkit/flows/assigned-csv/assigned-csv.oracle'

const plan = planPaths(assignedCsvModel)

describe("Manage Licenses' Download CSV (component paths of the assignedCsv machine)", () => {
  walkPaths(plan.paths, {
    table: assignedCsvViewTable,
    oracle: assignedCsvOracle,
    refuse: assignedCsvModel.events,
    start: () => {
      const pending = pendingApi()
      const saved: string[] = []
      renderAccountPage(() => <AssignedCsvDownload saveFile={(csv) => saved.push(csv)} />, { api: pending.api, account, path: '/account/licenses' })
      return { pending, saved }
    },
    step: async (event, { pending }) => {
      if (await settleActorEvent(pending, { downloadCsv: 'assignedCsv' }, event)) return
      if (event.type === 'csv.download') fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
      if (event.type === 'error.dismiss') fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    },
    end: ({ pending, saved }, sent) => {
      // One request a press, and each file that came is saved as it came.
      expect(pending.calls('assignedCsv')).toHaveLength(sent.filter((event) => event.type === 'csv.download').length)
      expect(saved).toEqual(sent.filter((event) => event.type === 'xstate.done.actor.downloadCsv').map(() => assignedCsv))
    },
  })

  it('saves the text as assigned-licenses.csv through a Blob link, then lets the link go', () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv')
    const revokeObjectURL = vi.fn()
    // Put back afterwards: the files of a worker share their globals.
    const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL
    Object.assign(URL, { createObjectURL, revokeObjectURL })
    vi.useFakeTimers()
    const clicked: { download: string; href: string }[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href })
    })
    saveTextFile(assignedCsv, csvFileName, 'text/csv')
    expect(clicked).toEqual([{ download: 'assigned-licenses.csv', href: 'blob:csv' }])
    expect(createObjectURL.mock.calls[0]![0].type).toBe('text/csv')
    expect(document.querySelectorAll('a[download]')).toHaveLength(0)
    vi.runAllTimers()
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv')
    click.mockRestore()
    vi.useRealTimers()
    Object.assign(URL, { createObjectURL: realCreate, revokeObjectURL: realRevoke })
  })
})
