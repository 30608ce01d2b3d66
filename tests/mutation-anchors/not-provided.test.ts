import { describe, expect, it } from 'vitest'
import { createActor, setup, type AnyActorLogic, type AnyStateMachine, type AnyStateNode } from 'xstate'
import { myLicensesMachine } from '@/machines/my-licenses.machine'
import { notProvidedCallback } from '@/machines/not-provided'
import { settle } from '@/testkit/settle'

/** A machine run without the app's actors says which one is missing, instead of waiting forever. */
describe('an actor the app did not provide', () => {
  it('fails the call it stands for, naming it', async () => {
    const actor = createActor(myLicensesMachine).start()
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe("The actor 'loadLicenses' was not provided")
  })

  it('stops the long-running actor it stands for, naming it', () => {
    const listener = setup({ actors: { msalEvents: notProvidedCallback('msalEvents') } }).createMachine({ invoke: { src: 'msalEvents' } })
    const errors: unknown[] = []
    const actor = createActor(listener)
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    expect(errors).toEqual([new Error("The actor 'msalEvents' was not provided")])
  })
})

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true })
const machines = Object.values(machineModules).flatMap((module) =>
  Object.values(module).filter((value): value is AnyStateMachine => typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value),
)

/** The names of the actors a state and the states under it invoke. */
const invokedIn = (node: AnyStateNode): string[] => [
  ...node.invoke.flatMap((invoke) => (typeof invoke.src === 'string' ? [invoke.src] : [])),
  ...(Object.values(node.states) as AnyStateNode[]).flatMap(invokedIn),
]

/** What an actor logic fails with when it runs on its own. */
function failureOf(logic: AnyActorLogic) {
  const actor = createActor(logic, { input: undefined })
  const failure = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }))
  actor.start()
  return failure.then((error) => (error instanceof Error ? error.message : String(error)))
}

/** Actors that are flows of their own (a machine of machines/), not stand-ins: Manage Licenses runs the upgrade wizard. */
const childFlows: Record<string, Record<string, string>> = { manageLicenses: { upgrade: 'the upgrade machine' } }

describe('every machine, run without the app', () => {
  it('holds the machines of machines/', () => {
    expect(machines.length).toBeGreaterThanOrEqual(14)
  })

  it.each(machines.map((machine) => [machine.id, machine] as const))('%s has a stand-in for each actor it invokes, naming it when it runs', async (id, machine) => {
    const names = [...new Set(invokedIn(machine.root))]
    const actors = machine.implementations.actors as Record<string, AnyActorLogic | undefined>
    const whatRuns = async (logic: AnyActorLogic | undefined) =>
      !logic ? 'nothing' : machines.includes(logic as AnyStateMachine) ? `the ${(logic as AnyStateMachine).id} machine` : await failureOf(logic)
    const failures = await Promise.all(names.map(async (name) => [name, await whatRuns(actors[name])]))
    expect(failures).toEqual(names.map((name) => [name, childFlows[id]?.[name] ?? `The actor '${name}' was not provided`]))
  })
})
