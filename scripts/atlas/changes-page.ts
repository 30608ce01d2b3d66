import type { ScreenChange } from './compare'
import { document, escape } from './html'

const image = (path: string | undefined, label: string) =>
  path ? `<figure class="shot"><a href="${escape(path)}"><img src="${escape(path)}" alt="${escape(label)}" loading="lazy"></a><figcaption>${escape(label)}</figcaption></figure>` : ''

/** The screens of this run compared with another commit's: changed ones first with the difference drawn, then new, gone, and the same. */
export function changesPage(changes: readonly ScreenChange[], against: { ref: string; commit: string }): string {
  const count = (status: ScreenChange['status']) => changes.filter((change) => change.status === status).length
  const shown = changes.filter((change) => change.status !== 'same')
  const sections = shown.map((change) =>
    [
      `<section class="state" id="${escape(change.name)}">`,
      `<h3>${change.status === 'changed' ? 'Changed' : change.status === 'new' ? 'New' : 'Gone'}: <a href="${escape(change.machine)}.html">${escape(change.name)}</a></h3>`,
      change.why ? `<p>${escape(change.why)}</p>` : '',
      '<div class="compared">',
      image(change.before, `before (${against.ref})`),
      image(change.shot, 'now'),
      image(change.diff, 'the difference, in red'),
      '</div>',
      '</section>',
    ].join('\n'),
  )
  const same = changes.filter((change) => change.status === 'same').map((change) => `<li>${escape(change.name)}</li>`)
  return document(`Changes since ${against.ref}: Prism QA atlas`, [
    '<p><a href="index.html">All machines</a></p>',
    `<h1>Screens compared with ${escape(against.ref)}</h1>`,
    `<p>Every screen of this run against the same screen (machine, input, state) of commit <code>${escape(against.commit.slice(0, 12))}</code>, taken the same way: ${count('changed')} changed, ${count('new')} new, ${count('gone')} gone, ${count('same')} the same. Times and the demo license key are masked in both runs: they change from run to run.</p>`,
    shown.length ? sections.join('\n') : '<p><strong>No screen changed.</strong></p>',
    same.length ? `<details><summary>${same.length} screens the same</summary><ul>${same.join('')}</ul></details>` : '',
  ])
}
