import type { TracedRequirement } from '@/testkit/requirements/trace'
import { document, escape } from './html'

/** Which machine's page shows a state or transition: its id starts with the machine's id. */
const linked = (key: string) => {
  const machine = key.split(/[.\s]/)[0]!
  return `<li><a href="${escape(machine)}.html"><code>${escape(key)}</code></a></li>`
}

/**
 * The requirement table: every rule of the spec the flows realise, with the states and transitions
 * that name it and the tests that check it; those with no test first, then those out of scope with
 * why, then the rest.
 */
export function requirementsPage(traced: readonly TracedRequirement[], machineIds: ReadonlySet<string>): string {
  const status = (requirement: TracedRequirement) => (requirement.tests.length ? 'tested' : requirement.outOfScope ? 'out of scope' : 'NO TEST')
  const order = { 'NO TEST': 0, 'out of scope': 1, tested: 2 } as const
  const rows = [...traced]
    .sort((a, b) => order[status(a)] - order[status(b)])
    .map((requirement) => {
      const where = [...requirement.states, ...requirement.transitions]
      const tests = requirement.tests.map((test) => `<li>${escape(test.title)} <small>(<code>${escape(`${test.file}:${test.line}`)}</code>)</small></li>`)
      return [
        `<tr id="${escape(requirement.id)}" class="${status(requirement) === 'NO TEST' ? 'uncovered' : ''}">`,
        `<td><code>${escape(requirement.id)}</code></td>`,
        `<td>${escape(requirement.text)}</td>`,
        `<td><strong>${status(requirement)}</strong>${requirement.outOfScope ? `: ${escape(requirement.outOfScope)}` : ''}</td>`,
        `<td>${where.length ? `<ul>${where.map((key) => (machineIds.has(key.split(/[.\s]/)[0]!) ? linked(key) : `<li><code>${escape(key)}</code></li>`)).join('')}</ul>` : '—'}</td>`,
        `<td>${tests.length ? `<ul>${tests.join('')}</ul>` : '—'}</td>`,
        '</tr>',
      ].join('')
    })
  const count = (wanted: string) => traced.filter((requirement) => status(requirement) === wanted).length
  return document('Requirements: Prism QA atlas', [
    '<p><a href="index.html">All machines</a></p>',
    '<h1>Requirements</h1>',
    `<p>${traced.length} rules of the spec that the flows realise (<code>testkit/requirements/requirements.ts</code>): ${count('tested')} with a test that names them, ${count('out of scope')} out of scope (each says why), ${count('NO TEST')} with no test. A state or transition names the rules it realises in its <code>meta.requirements</code>; a test names the rules it checks in its title, in brackets. The rules with no test come first.</p>`,
    '<table>',
    '<thead><tr><th>ID</th><th>the spec’s words</th><th>status</th><th>states and transitions</th><th>tests</th></tr></thead>',
    `<tbody>${rows.join('\n')}</tbody>`,
    '</table>',
  ])
}
