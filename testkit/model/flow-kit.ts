import type { AnyStateMachine } from 'xstate'
import type { ModuleExports } from '../import-all'
import type { ViewTable } from '../views/view-table'
import type { FlowAnchor, OracleAnchor } from './oracle-anchor'
import type { Oracle } from './oracle'
import type { PathPlan } from './paths'

/**
 * A flow's test kit, from its folder testkit/flows/<flow>/ (<flow> as in machines/<flow>.machine.ts):
 * `<flow>.model.ts` exports `<flow>Model` (camel case) and, for a flow the browser does not tour, a
 * `noTour` that says why; `<flow>.oracle.ts` exports `<flow>Oracle`; `<flow>.anchors.ts` exports
 * `anchors`; `<flow>.view-table.ts` exports `<flow>ViewTable`, what the user sees in each state.
 */
export interface FlowKit {
  flow: string
  model: PathPlan<AnyStateMachine>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  oracle: Oracle<any, any, any>
  viewTable: ViewTable
  anchors: readonly OracleAnchor[]
  /** Why the flow has no browser tour in e2e/tours/, if it has none. */
  noTour?: string
}

/** A flow's kebab-case name as its exports spell it: `purchase-complete` → `purchaseComplete`. */
export const camelCase = (flow: string) => flow.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())

type Kind = 'model' | 'oracle' | 'view-table' | 'anchors'
/** A kit's file, by its path from the flows' folder or from further up: `<flow>/<flow>.<kind>.ts`. */
export const kitFile = /(?:^|\/)([a-z-]+)\/\1\.(model|oracle|view-table|anchors)\.ts$/

/**
 * The flows' kits from their modules, keyed by path (as `import.meta.glob` or `importAll` gives
 * them), in the order of their names. Throws when a flow's model, oracle, view table or anchors are missing.
 */
export function flowKits(modules: Readonly<Record<string, ModuleExports>>): FlowKit[] {
  const byFlow = new Map<string, Partial<Record<Kind, ModuleExports>>>()
  for (const [path, exports] of Object.entries(modules)) {
    const [, flow, kind] = kitFile.exec(path) ?? []
    if (!flow || !kind) continue
    byFlow.set(flow, { ...byFlow.get(flow), [kind]: exports })
  }
  return [...byFlow.keys()].sort().map((flow) => {
    const files = byFlow.get(flow)!
    const name = camelCase(flow)
    const found = (kind: Kind, exported: string) => {
      const value = files[kind]?.[exported]
      if (value === undefined) throw new Error(`testkit/flows/${flow}/${flow}.${kind}.ts does not export ${exported}`)
      return value
    }
    const model = found('model', `${name}Model`) as FlowKit['model']
    const anchors = (found('anchors', 'anchors') as readonly FlowAnchor[]).map((anchor) => ({ model: model.name, file: `machines/${flow}.machine.ts`, ...anchor }))
    return {
      flow,
      model,
      oracle: found('oracle', `${name}Oracle`) as FlowKit['oracle'],
      viewTable: found('view-table', `${name}ViewTable`) as ViewTable,
      anchors,
      noTour: files.model?.noTour as string | undefined,
    }
  })
}
