import { useSyncExternalStore } from 'react'
import { allMachines } from './machines'
import { createRegistry } from './registry'

/** This tab's registry of running machine actors (development builds only). */
export const registry = createRegistry(new Set(allMachines.map((machine) => machine.id)), window.sessionStorage)

export const useRegistry = () => useSyncExternalStore(registry.subscribe, registry.getState)
