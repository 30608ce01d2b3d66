import { vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { activityMachine } from '@/machines/activity.machine'
import type { ActivityPage } from '@/common/contract'
import { emptyPage } from './activity.model'

/** Recent activity whose loads answer these pages in order (then empty ones); `load` records each cursor asked for. */
export function startActivity(pages: ActivityPage[]) {
  const load = vi.fn((before: string | null) => Promise.resolve(pages.shift() ?? emptyPage).then((page) => (void before, page)))
  const actor = createActor(activityMachine.provide({ actors: { loadActivity: fromPromise(({ input }: { input: { before: string | null } }) => load(input.before)) } })).start()
  return { actor, load }
}
