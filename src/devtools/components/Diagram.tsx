import { useEffect, useState } from 'react'
import type { AnyStateMachine } from 'xstate'
import { machineLevels, type RecordedLevels } from '@/testkit/model/coverage-levels'
import { coverageWithCurrent } from '../coverage-diagram'
import { currentLeafIds, toHighlightedMermaid } from '../mermaid'
import { renderMermaid } from '../render-mermaid'

/**
 * The machine's whole chart, drawn by Mermaid in the page, with the current states highlighted;
 * with `coverage`, each state and transition marked with the highest level of test that took it,
 * as the atlas draws it, the current states outlined.
 */
export function Diagram({ machine, current, coverage }: { machine: AnyStateMachine; current: string[]; coverage?: RecordedLevels }) {
  const text = coverage ? coverageWithCurrent(machine, machineLevels(machine, coverage), currentLeafIds(machine, current)) : toHighlightedMermaid(machine, current)
  const [drawn, setDrawn] = useState<{ text: string; svg: string } | { text: string; error: string }>()

  useEffect(() => {
    let live = true
    renderMermaid(text, () => live).then(
      (svg) => live && svg !== null && setDrawn({ text, svg }),
      (error: unknown) => {
        console.error(`The statechart of ${machine.id} could not be drawn:`, error)
        if (live) setDrawn({ text, error: String(error) })
      },
    )
    return () => {
      live = false
    }
  }, [text, machine.id])

  const label = `Statechart of ${machine.id}${coverage ? ', marked with what the tests took' : ''}${current.length ? `, current state: ${current.join(', ')}` : ''}`
  if (drawn && 'error' in drawn) return <p role="alert">The diagram could not be drawn: {drawn.error}</p>
  if (!drawn) return <p className="devtools-drawing">Drawing the diagram…</p>
  return <div className="devtools-diagram" role="img" aria-label={label} data-drawn={drawn.text === text ? 'current' : 'stale'} dangerouslySetInnerHTML={{ __html: drawn.svg }} />
}
