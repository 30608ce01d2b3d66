import { useEffect, useState } from 'react'
import type { AnyStateMachine } from 'xstate'
import { toHighlightedMermaid } from '../mermaid'
import { renderMermaid } from '../render-mermaid'

/** The machine's whole chart, drawn by Mermaid in the page, with the current states highlighted. */
export function Diagram({ machine, current }: { machine: AnyStateMachine; current: string[] }) {
  const text = toHighlightedMermaid(machine, current)
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

  const label = `Statechart of ${machine.id}${current.length ? `, current state: ${current.join(', ')}` : ''}`
  if (drawn && 'error' in drawn) return <p role="alert">The diagram could not be drawn: {drawn.error}</p>
  if (!drawn) return <p className="devtools-drawing">Drawing the diagram…</p>
  return <div className="devtools-diagram" role="img" aria-label={label} data-drawn={drawn.text === text ? 'current' : 'stale'} dangerouslySetInnerHTML={{ __html: drawn.svg }} />
}
