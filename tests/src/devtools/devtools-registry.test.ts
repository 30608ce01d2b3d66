import { describe, expect, it } from 'vitest'
import { createActor, setup } from 'xstate'
import { createRegistry, leafStates } from '@/src/devtools/registry'

const machine = setup({}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'open' } },
    open: { type: 'parallel', on: { close: 'closed' }, states: { light: { initial: 'on', states: { on: {} } }, alarm: { initial: 'armed', states: { armed: {} } } } },
  },
})

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) }
}

describe('the dev tools registry of running actors', () => {
  it('names the leaf states of a state value', () => {
    expect(leafStates('closed')).toEqual(['closed'])
    expect(leafStates({ open: { light: 'on', alarm: 'armed' } })).toEqual(['open.light.on', 'open.alarm.armed'])
  })

  it('follows the actors of known machines, and journals their states in order across instances', () => {
    const storage = memoryStorage()
    const registry = createRegistry(new Set(['door']), storage)
    const actor = createActor(machine, { inspect: registry.record }).start()
    expect(registry.getState().running).toEqual([{ sessionId: actor.sessionId, machine: 'door', states: ['closed'] }])
    actor.send({ type: 'open' })
    actor.send({ type: 'close' })
    actor.stop()
    expect(registry.getState().running).toEqual([])
    // A new actor of the same machine (React's StrictMode restarts them) adds only what changed.
    createActor(machine, { inspect: registry.record }).start()
    expect(registry.getState().journal.map((entry) => entry.states.join(' + '))).toEqual(['closed', 'open.light.on + open.alarm.armed', 'closed'])
    // The journal outlives the page (sessionStorage), and can be cleared.
    expect(createRegistry(new Set(['door']), storage).getState().journal).toHaveLength(3)
    registry.clearJournal()
    expect(createRegistry(new Set(['door']), storage).getState().journal).toEqual([])
  })

  it('ignores actors of other logic', () => {
    const registry = createRegistry(new Set(['other']), memoryStorage())
    createActor(machine, { inspect: registry.record }).start()
    expect(registry.getState()).toEqual({ running: [], journal: [] })
  })
})
