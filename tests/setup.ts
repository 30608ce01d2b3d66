import { afterAll } from 'vitest'
import { recordedDir, recorders, writeRecorded, type Level } from '../testkit/model/recorder'

// What the machines did in this file, for `npm run test:model`'s coverage (testkit/model/recorder.ts).
afterAll(() => {
  const dir = recordedDir()
  for (const level of Object.keys(recorders) as Level[]) {
    if (dir) writeRecorded(dir, level, recorders[level])
    else recorders[level].clear()
  }
})

// Browser APIs that the tests' DOM (happy-dom) may lack and Mantine uses. Tests in the node environment skip this.

if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react')
  const { afterEach } = await import('vitest')
  afterEach(() => cleanup())
  // React's development build captures a stack (an Error) and a console task for every element it
  // creates, up to 10,000 a second, only to name the owners in its warnings: past that count it uses
  // one shared unknown owner. Counting as past it always keeps every warning, without the owners'
  // stacks: the DOM tests' files took 59.4 CPU-seconds with the stacks, 51.6 without (decision 0071).
  const { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: reactInternals } = (await import('react')) as unknown as Record<string, object>
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => Infinity, set: () => {} })
  // The app's actors (created through its inspection seam) run here under real views: the component level.
  // It also keeps the actors each page starts, for the path walks to read their state (tests/support/running-actors.ts).
  const { connectInspection } = await import('../src/ui/app-actors')
  const { inspectComponent } = await import('./support/running-actors')
  connectInspection(inspectComponent)

  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Element.prototype.scrollIntoView ??= () => {}
  window.scrollTo = () => {}
  // Mantine's autosizing Textarea listens for web fonts loading.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } })
}
