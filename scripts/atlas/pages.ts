import type { AnyStateMachine } from 'xstate'
import { describeInput, type PathPlan } from '@/testkit/model/paths'
import { document, escape } from './html'
import { disagreement, type StatePicture, type StateRow } from './states'

/** What the atlas knows of one machine when it writes the pages. */
export interface AtlasMachine {
  model: PathPlan<AnyStateMachine>
  toured: boolean
  rows: StateRow[]
  /** The diagram with the coverage drawn on it, as SVG. */
  svg: string
  coverage: {
    /** The legend, and the share of states and transitions each level took (scripts/atlas/coverage.ts). */
    summary: string
    /** What no browser test took, with why or "not yet". */
    notReached: { key: string; kind: 'state' | 'transition'; why: string }[]
    browserRecorded: boolean
  }
}

/** A state's screenshot with what led there: the events from the start, the input, the texts shown, and whether the page's machine agreed. */
function figure(machine: AnyStateMachine, picture: StatePicture): string {
  const { capture } = picture
  const where = picture.seen
    ? `<p class="seen">Taken on the ${escape(picture.tour)} tour${escape(describeInput(picture.input))}: this machine was in this state on that page.</p>`
    : `<p>Tour input${escape(describeInput(picture.input)) || ': none'}. Shows: <code>${escape(capture.key)}</code></p>`
  const texts = Object.entries(capture.shown).map(([flag, text]) => `<li>${escape(flag)}: “${escape(text)}”</li>`)
  const wrong = picture.seen ? undefined : disagreement(machine.id, capture)
  const check = wrong ? `<p class="warning">${escape(wrong)}</p>` : ''
  const events = capture.events.length ? `<ol>${capture.events.map((event) => `<li>${escape(event)}</li>`).join('')}</ol>` : '<p>As the page opens (no event yet).</p>'
  return [
    '<figure>',
    `<a href="${escape(capture.shot)}"><img src="${escape(capture.shot)}" alt="${escape(`${machine.id} in ${capture.key}`)}" loading="lazy"></a>`,
    '<figcaption>',
    where,
    texts.length ? `<ul>${texts.join('')}</ul>` : '',
    `<p>The ${picture.seen ? 'tour’s ' : ''}events that led here:</p>`,
    events,
    check,
    '</figcaption>',
    '</figure>',
  ].join('\n')
}

function stateSection(machine: AnyStateMachine, row: StateRow): string {
  const children = row.compound ? '<p>Made of the states below: their screenshots show it.</p>' : ''
  const missing = row.missing ? `<p class="missing">No screenshot. ${escape(row.missing)}</p>` : ''
  return [
    `<section class="state" id="${escape(row.path)}" style="margin-left: ${row.depth * 1.5}rem">`,
    `<h3>${escape(row.path)}${row.final ? ' (final)' : ''}</h3>`,
    row.description ? `<p class="description">${escape(row.description)}</p>` : '',
    row.requirements.length ? `<p>Realises ${row.requirements.map((id) => `<a href="requirements.html#${escape(id)}"><code>${escape(id)}</code></a>`).join(', ')}.</p>` : '',
    children,
    missing,
    ...row.pictures.map((picture) => figure(machine, picture)),
    '</section>',
  ].join('\n')
}

/** A machine's page: its committed diagram, then every state with its screenshots or why there are none. */
export function machinePage(atlas: AtlasMachine): string {
  const { model, rows } = atlas
  const counts = tally(rows)
  return document(`${model.name}: Prism QA atlas`, [
    '<p><a href="index.html">All machines</a></p>',
    `<h1>${escape(model.name)}</h1>`,
    ...notReachedSection(atlas),
    `<p>${counts.own} of ${counts.leaves} states photographed by ${atlas.toured ? 'its browser tour' : 'no tour of its own'}${counts.seen ? `, ${counts.seen} seen on other tours’ pages` : ''}, ${counts.missing} without a screenshot (each says why). The diagram is the one in <code>docs/statecharts/${escape(model.name)}.md</code>, drawn from <code>machines/</code> with each state and transition marked by the highest level of test that took it; it fits the page; <a href="diagrams/${escape(model.name)}.svg">open it alone</a> to zoom in.</p>`,
    '<h2>Statechart and coverage</h2>',
    atlas.coverage.summary,
    `<div class="diagram" role="img" aria-label="${escape(`The statechart of ${model.name}, each state and transition marked with the highest level of test that took it`)}">${atlas.svg}</div>`,
    '<h2>States</h2>',
    ...rows.map((row) => stateSection(model.machine, row)),
  ])
}

/** At the top of a page: what no browser test took, each with why or "not yet". */
function notReachedSection({ coverage }: AtlasMachine): string[] {
  if (!coverage.browserRecorded) return ['<p class="missing">No browser coverage is recorded here: run <code>npm run test:e2e</code> (or <code>npm test</code>), then <code>npm run atlas</code>.</p>']
  if (!coverage.notReached.length) return ['<p>Every state and transition was taken by a browser test.</p>']
  const items = coverage.notReached.map(({ key, kind, why }) => `<li>${kind} <code>${escape(key)}</code>: ${escape(why)}</li>`)
  return [`<details class="missing" open><summary>${coverage.notReached.length} states and transitions no browser test took</summary><ul>${items.join('')}</ul></details>`]
}

function tally(rows: StateRow[]) {
  const leaves = rows.filter((row) => !row.compound)
  return {
    leaves: leaves.length,
    own: leaves.filter((row) => row.pictures.some((picture) => !picture.seen)).length,
    seen: leaves.filter((row) => row.pictures.length && row.pictures.every((picture) => picture.seen)).length,
    missing: leaves.filter((row) => row.missing).length,
    shots: new Set(rows.flatMap((row) => row.pictures.map((picture) => picture.capture.shot))).size,
  }
}

/** The index: every machine with its figures and a link to its page. */
/** How many states (those with no states inside them) have a screenshot, of their own tour's or seen on another's page, over every machine; and those with none, by name. */
export function screenshotSummary(machines: AtlasMachine[]) {
  const leaves = machines.flatMap(({ model, rows }) => rows.filter((row) => !row.compound).map((row) => ({ name: `${model.name}.${row.path}`, row })))
  return {
    states: leaves.length,
    shown: leaves.filter(({ row }) => row.pictures.length > 0).length,
    missing: leaves.filter(({ row }) => row.missing).map(({ name }) => name),
    /** Each machine as 'name shown/states'. */
    perMachine: machines.map(({ model, rows }) => {
      const own = rows.filter((row) => !row.compound)
      return `${model.name} ${own.filter((row) => row.pictures.length > 0).length}/${own.length}`
    }),
  }
}

export function indexPage(machines: AtlasMachine[], made: { date: string; commit: string; against?: string }): string {
  const summary = screenshotSummary(machines)
  const lines = machines.map(({ model, rows, toured }) => {
    const counts = tally(rows)
    return `<tr><td><a href="${escape(model.name)}.html">${escape(model.name)}</a></td><td>${toured ? 'yes' : 'no'}</td><td class="number">${counts.leaves}</td><td class="number">${counts.own}</td><td class="number">${counts.seen}</td><td class="number">${counts.missing}</td><td class="number">${counts.shots}</td></tr>`
  })
  return document('Prism QA atlas', [
    '<h1>Prism QA atlas</h1>',
    '<p><a href="requirements.html">The requirements</a>: each rule of the spec with its states, transitions and tests.</p>',
    made.against ? `<p><a href="changes.html">The screens compared with ${escape(made.against)}</a>: changed ones first, with the difference drawn.</p>` : '',
    `<p>Every flow of the portal as its statechart and, for every state, a screenshot of what the user sees there, taken by the browser tours (<code>e2e/tours/</code>) on the built site with the demo accounts, with the events that lead there. States no tour can show say why. Written by <code>npm run atlas</code> on ${escape(made.date)} from commit <code>${escape(made.commit)}</code>.</p>`,
    `<p>${summary.shown} of ${summary.states} states have a screenshot; ${summary.missing.length} have none, each with why on its machine’s page.</p>`,
    '<table>',
    '<thead><tr><th>machine</th><th>toured</th><th>states</th><th>photographed by its tour</th><th>seen on another tour’s page</th><th>no screenshot</th><th>screenshots</th></tr></thead>',
    `<tbody>${lines.join('\n')}</tbody>`,
    '</table>',
    '<p>“States” counts the states that have no states inside them; a state made of others is shown by theirs. A screenshot “seen on another tour’s page” was taken while another machine was toured and this one was in that state on the same page (its actor, read from the page).</p>',
  ])
}
