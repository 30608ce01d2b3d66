import { useEffect, useRef, useState, type RefObject } from 'react'
import type { AnyStateMachine } from 'xstate'
import { machineLevels, type RecordedLevels } from '@/testkit/model/coverage-levels'
import { coverageWithCurrent } from '../coverage-diagram'
import { currentLeafIds, toHighlightedMermaid } from '../mermaid'
import { renderMermaid } from '../render-mermaid'

/**
 * Whether the element is within half a screen of the viewport, kept up to date as the page scrolls.
 * Mermaid lays a chart out for up to seconds: the viewer draws only what is near what the reader sees.
 */
function useNearViewport(target: RefObject<Element | null>, watch: boolean) {
  const [near, setNear] = useState(!watch)
  useEffect(() => {
    const element = target.current
    if (!watch || !element) return
    const observer = new IntersectionObserver(([entry]) => setNear(Boolean(entry?.isIntersecting)), { rootMargin: '50% 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [target, watch])
  return near
}

/**
 * The machine's whole chart, drawn by Mermaid in the page, with the current states highlighted;
 * with `coverage`, each state and transition marked with the highest level of test that took it,
 * as the atlas draws it, the current states outlined. `whenNear`: drawn (and drawn again when it
 * changes) only while near the viewport; a chart drawn before keeps its picture, and its label
 * says what that picture shows, until it is near again.
 */
export function Diagram({ machine, current, coverage, whenNear = false }: { machine: AnyStateMachine; current: string[]; coverage?: RecordedLevels; whenNear?: boolean }) {
  const text = coverage ? coverageWithCurrent(machine, machineLevels(machine, coverage), currentLeafIds(machine, current)) : toHighlightedMermaid(machine, current)
  const label = `Statechart of ${machine.id}${coverage ? ', marked with what the tests took' : ''}${current.length ? `, current state: ${current.join(', ')}` : ''}`
  const [drawn, setDrawn] = useState<{ text: string; svg: string; label: string } | { text: string; error: string }>()
  const holder = useRef<HTMLDivElement>(null)
  const near = useNearViewport(holder, whenNear)

  useEffect(() => {
    if (!near) return
    let live = true
    renderMermaid(text, () => live).then(
      (svg) => live && svg !== null && setDrawn({ text, svg, label }),
      (error: unknown) => {
        console.error(`The statechart of ${machine.id} could not be drawn:`, error)
        if (live) setDrawn({ text, error: String(error) })
      },
    )
    return () => {
      live = false
    }
  }, [text, label, machine.id, near])

  return (
    <div ref={holder}>
      {drawn && 'error' in drawn ? (
        <p role="alert">The diagram could not be drawn: {drawn.error}</p>
      ) : drawn ? (
        <div className="devtools-diagram" role="img" aria-label={drawn.label} data-drawn={drawn.text === text ? 'current' : 'stale'} dangerouslySetInnerHTML={{ __html: drawn.svg }} />
      ) : (
        <p className="devtools-drawing">Drawing the diagram…</p>
      )}
    </div>
  )
}
