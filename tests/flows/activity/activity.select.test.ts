import { describe, expect, it } from 'vitest'
import { selectActivity } from '@/src/features/manage-licenses/activity.select'
import { firstPage, lastPage } from '@/testkit/flows/activity/activity.model'
import { startActivity } from '@/testkit/flows/activity/activity.start'
import { settle } from '@/testkit/settle'

describe('Recent activity while it loads', () => {
  it('shows a placeholder only while nothing is shown yet; a refresh keeps the entries in view', async () => {
    const { actor } = startActivity([firstPage, lastPage])
    expect(selectActivity(actor.getSnapshot())).toMatchObject({ loading: true, refreshing: false, entries: [] })
    await settle()
    expect(selectActivity(actor.getSnapshot())).toMatchObject({ loading: false, refreshing: false })
    actor.send({ type: 'activity.refresh' })
    expect(selectActivity(actor.getSnapshot())).toMatchObject({
      loading: false,
      refreshing: true,
      entries: [{ id: 'act_3', text: 'Cara Commercial assigned a Commercial license to dev1@example.com' }, { id: 'act_2' }],
    })
    await settle()
    expect(selectActivity(actor.getSnapshot())).toMatchObject({ loading: false, refreshing: false, entries: [{ id: 'act_1' }], showMore: false })
  })
})
