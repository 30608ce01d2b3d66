import type { AnyStateMachine } from 'xstate'
import type { PathPlan } from '@/testkit/model/paths'
import { chartDocument } from './document'

export const chartsDir = 'docs/statecharts'

/** Every file `npm run charts` writes, by path: a page and a Stately JSON per machine, and the index. */
export function chartFiles(models: PathPlan<AnyStateMachine>[]): Map<string, string> {
  const files = new Map<string, string>()
  for (const model of models) {
    files.set(`${chartsDir}/${model.name}.md`, chartDocument(model))
    files.set(`${chartsDir}/${model.name}.json`, `${JSON.stringify(model.machine.toJSON(), null, 2)}\n`)
  }
  const index = [
    '# Statecharts',
    '',
    'Every flow of the product is one of these machines. Each page has the whole chart (Mermaid, rendered on GitHub), what the user sees in each state, the events, and the catalogue of generated test paths. Regenerate with `npm run charts`; `npm test` fails when these files are stale. `npm run test:model` prints how much of each machine the generated paths cover. Under `npm run dev`, `/__statecharts` draws the same charts with the states of the running app highlighted, and `?inspect` sends every actor to the Stately inspector. `npm run atlas` writes the QA atlas (`reports/atlas/index.html`): each chart beside a screenshot of every state, taken by the browser tours.',
    '',
    '| machine | page | Stately JSON |',
    '|---|---|---|',
    ...models.map((model) => `| ${model.name} | [${model.name}.md](${model.name}.md) | [${model.name}.json](${model.name}.json) |`),
    '',
  ].join('\n')
  files.set(`${chartsDir}/README.md`, index)
  return files
}
