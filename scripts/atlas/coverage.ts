import { levelMarks, markOf } from '@/src/devtools/coverage-diagram'
import { levelsFromHighest, type MachineLevels, type RecordedLevels } from '@/testkit/model/coverage-levels'
import type { Level } from '@/testkit/model/recorder'
import { escape } from './html'

/** The SVG's transition labels tinted by the letter they start with (the letter stays: the colour only repeats it). */
export function tintLabels(svg: string): string {
  return svg.replace(/<span class="edgeLabel"([^>]*)><p>\((B|C|M|0)\) /g, (_, attributes: string, letter: string) => {
    const { fill } = Object.values(levelMarks).find((mark) => mark.letter === letter)!
    return `<span class="edgeLabel"${attributes} style="background-color:${fill}"><p style="background-color:${fill}">(${letter}) `
  })
}

const share = (count: number, total: number) => `${count}/${total} (${total ? Math.floor((count / total) * 100) : 100}%)`

/** The legend and, per level, the states and transitions its tests took. */
export function coverageSummary(levels: MachineLevels, recorded: RecordedLevels): string {
  const legend = (['browser', 'component', 'machine', 'none'] as const).map((level) => {
    const mark = levelMarks[level]
    return `<li><span class="swatch" style="background:${mark.fill};border-color:${mark.stroke}">${mark.letter}</span> ${escape(mark.words)}</li>`
  })
  const rows = levelsFromHighest.map((level) =>
    recorded[level].recorded
      ? `<tr><th>${level}</th><td class="number">${share(levels.counts[level].states, levels.total.states)}</td><td class="number">${share(levels.counts[level].transitions, levels.total.transitions)}</td></tr>`
      : `<tr><th>${level}</th><td colspan="2">not recorded: ${level === 'browser' ? 'run npm run test:e2e or npm test' : 'run npm run test:model or npm test'}, then the atlas</td></tr>`,
  )
  return [
    '<table class="coverage">',
    '<thead><tr><th>level</th><th>states taken</th><th>transitions taken</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody>`,
    '</table>',
    `<ul class="legend">${legend.join('')}</ul>`,
  ].join('\n')
}

/**
 * The outcomes each guard gave (true, false), each with the letter of the highest level whose tests
 * saw it: a guard only ever seen true (or false) has a branch no test takes. Machine and component
 * levels only: the browser's recorder keeps states and transitions.
 */
export function guardTable(levels: MachineLevels): string {
  if (!levels.guards.length) return '<p>No transition of this machine is guarded.</p>'
  const outcome = (level: Level | null) => {
    const mark = markOf(level)
    return `<td class="outcome" style="background:${mark.fill}">${mark.letter}${level ? '' : ' never'}</td>`
  }
  const rows = levels.guards.map(({ key, guard, passed, refused }) => `<tr><td><code>${escape(guard)}</code></td><td><code>${escape(key)}</code></td>${outcome(passed)}${outcome(refused)}</tr>`)
  const count = (sides: number) => levels.guards.filter((row) => Number(!!row.passed) + Number(!!row.refused) === sides).length
  return [
    `<h3>Guards</h3>`,
    `<p>${levels.guards.length} guarded transitions: ${count(2)} seen both ways, ${count(1)} only one way, ${count(0)} never weighed. Each outcome is marked with the highest level whose tests saw it (C component, M machine, 0 never; the browser level does not record guards).</p>`,
    '<table class="guards">',
    '<thead><tr><th>guard</th><th>transition</th><th>said true</th><th>said false</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody>`,
    '</table>',
  ].join('\n')
}

/** What no browser test took, each with why, or "not yet". */
export function notReachedByBrowser(levels: MachineLevels, reasons: Readonly<Record<string, string>> = {}): { key: string; kind: 'state' | 'transition'; why: string }[] {
  const missing = (kind: 'state' | 'transition', map: Map<string, Level | null>) => [...map].filter(([, level]) => level !== 'browser').map(([key]) => ({ key, kind, why: reasons[key] ?? 'not yet' }))
  return [...missing('state', levels.states), ...missing('transition', levels.transitions)]
}
