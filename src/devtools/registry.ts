import type { InspectionEvent } from 'xstate'

/** A machine actor running in this tab, and the states it is in (paths such as `startup.initializing`). */
export interface RunningActor {
  sessionId: string
  machine: string
  states: string[]
}

/** A state a machine came to rest in, in the order this tab saw them. */
export interface JournalEntry {
  machine: string
  states: string[]
}

export interface RegistryState {
  running: RunningActor[]
  journal: JournalEntry[]
}

/** The leaf states of a state value: `{ startup: 'initializing' }` is `startup.initializing`. */
export function leafStates(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`]
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => leafStates(child, `${prefix}${key}.`))
  return []
}

const journalKey = 'prism.statecharts.journal'
const maxJournal = 500

/**
 * The machine actors running in this tab, from the inspection events of every actor (see
 * inspection.ts), and the journal of the states they went through. The journal is kept in
 * sessionStorage, which belongs to the tab, so it survives the sign-in's trips to the provider.
 */
export function createRegistry(machineIds: ReadonlySet<string>, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined) {
  const running = new Map<string, RunningActor>()
  let state: RegistryState = { running: [], journal: readJournal() }
  const listeners = new Set<() => void>()

  function readJournal(): JournalEntry[] {
    try {
      const stored = JSON.parse(storage?.getItem(journalKey) ?? '[]') as unknown
      return Array.isArray(stored) ? (stored as JournalEntry[]) : []
    } catch {
      return []
    }
  }

  function publish(journal: JournalEntry[]) {
    state = { running: [...running.values()], journal }
    listeners.forEach((listener) => listener())
  }

  return {
    record(event: InspectionEvent) {
      if (event.type !== '@xstate.snapshot') return
      const logic = (event.actorRef as { logic?: { id?: unknown; root?: unknown } }).logic
      if (!logic?.root || typeof logic.id !== 'string' || !machineIds.has(logic.id)) return
      const snapshot = event.snapshot as { value?: unknown; status?: string }
      const { sessionId } = event.actorRef
      if (snapshot.status === 'stopped') {
        running.delete(sessionId)
        publish(state.journal)
        return
      }
      const states = leafStates(snapshot.value)
      const before = running.get(sessionId)
      running.set(sessionId, { sessionId, machine: logic.id, states })
      const last = state.journal.findLast((entry) => entry.machine === logic.id)
      const changed = !last || last.states.join() !== states.join()
      if (!changed && before?.states.join() === states.join()) return
      const journal = changed ? [...state.journal, { machine: logic.id, states }].slice(-maxJournal) : state.journal
      if (changed) storage?.setItem(journalKey, JSON.stringify(journal))
      publish(journal)
    },
    clearJournal() {
      storage?.removeItem(journalKey)
      publish([])
    },
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
