import { describe, expect, it } from 'vitest'
import { setup } from 'xstate'
import { toHighlightedMermaid, toMermaid, transitionLabel } from '@/src/devtools/mermaid'

/** Every shape a chart may take: nested and parallel states, guards, actions, eventless and root transitions. */
const machine = setup({
  guards: { isReady: () => true },
  actions: { track: () => {}, reset: () => {} },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  on: { 'app.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: { on: { 'job.start': { guard: 'isReady', target: 'working', actions: 'track' } } },
    working: {
      type: 'parallel',
      states: {
        upload: { initial: 'sending', states: { sending: { on: { 'upload.done': 'sent' } }, sent: { type: 'final' } } },
        progress: { initial: 'shown', states: { shown: { always: { target: 'hidden', guard: 'isReady' } }, hidden: {} } },
      },
      onDone: 'done',
    },
    done: { type: 'final' },
  },
})

describe('the Mermaid chart of a machine', () => {
  const chart = toMermaid(machine)

  it('draws nested states as composite states and parallel regions separated by --', () => {
    expect(chart).toContain('state "working" as sample_working {')
    expect(chart).toMatch(/state "upload" as sample_working_upload \{\n\s+\[\*\] --> sample_working_upload_sending/)
    expect(chart).toMatch(/\}\n\s+--\n\s+state "progress" as sample_working_progress \{/)
  })

  it('names guards and actions on the transitions', () => {
    expect(chart).toContain('sample_idle --> sample_working : job.start [isReady] / track')
    expect(chart).toContain('sample_working_progress_shown --> sample_working_progress_hidden : always [isReady]')
    expect(chart).toContain('sample_working --> sample_done : onDone')
    expect(chart).toContain('In any state:')
    expect(chart).toContain('app.reset / reset')
    expect(chart).toContain('sample_done --> [*]')
  })

  it('writes colons and semicolons as entity codes, which Mermaid shows as they are', () => {
    expect(transitionLabel('xstate.done.actor.loadAccount', { actions: [{ type: 'keep' }], guard: undefined } as never)).toBe('done#58; loadAccount / keep')
    expect(transitionLabel('after', { actions: [], guard: { type: 'a;b' } } as never)).toBe('after [a#59;b]')
  })

  it('highlights the current simple states for the viewer', () => {
    const highlighted = toHighlightedMermaid(machine, ['working.upload.sending', 'working.progress.hidden'])
    expect(highlighted).toContain('class sample_working_upload_sending,sample_working_progress_hidden current')
    expect(toHighlightedMermaid(machine, [])).not.toMatch(/^\s+class /m)
  })
})
