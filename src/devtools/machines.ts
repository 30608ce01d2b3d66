import type { AnyStateMachine } from 'xstate'

const modules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true })

const isMachine = (value: unknown): value is AnyStateMachine => typeof value === 'object' && value !== null && 'root' in value && 'id' in value

/** Every machine in machines/, by id: the viewer lists them all, and a new one appears by itself. */
export const allMachines: AnyStateMachine[] = Object.values(modules)
  .flatMap((module) => Object.values(module).filter(isMachine))
  .sort((a, b) => a.id.localeCompare(b.id))
