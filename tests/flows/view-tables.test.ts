import { describe, it } from 'vitest'
import { flows } from '@/testkit/model/flows'
import { expectRowPerState } from '../support/view-table'

/** Every flow's view table (testkit/flows/<flow>/<flow>.view-table.ts) against its machine; the component tests walk the paths with it. */
for (const { model, viewTable } of flows) {
  describe(`${model.name} view table`, () => {
    it('has a view for every state of the machine, and tells them apart (or says why a person cannot)', () => expectRowPerState(viewTable, model.machine))
  })
}
