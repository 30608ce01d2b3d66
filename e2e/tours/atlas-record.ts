/** What the atlas's browser run (atlas.capture.ts) writes, and scripts/atlas.ts reads. */

/** Under the atlas folder: the screenshots, and a record per toured test. */
export const atlasShotsDir = 'shots'
export const atlasCapturesDir = 'captures'

/** A machine on the page when a screenshot was taken, and its state. */
export interface SeenActor {
  machine: string
  value: unknown
}

/** One state the user can tell apart, photographed once. */
export interface AtlasCapture {
  /** What tells it apart (the tour's key: the state, and any error or notice shown). */
  key: string
  /** The state the generated path says the machine is in. */
  value: unknown
  /** The leaf states (ids) the flow's oracle says it must be in after the events that led here (testkit/flows/<flow>/). */
  oracle?: string[]
  /** The error or notice text the state holds and the page shows. */
  shown: Record<string, string>
  /** The events that led there from the start, as the test paths write them. */
  events: string[]
  /** The screenshot, relative to the atlas folder. */
  shot: string
  actors: SeenActor[]
}

/** The captures of one tour test: one machine, one input. */
export interface AtlasRecord {
  machine: string
  input: unknown
  captures: AtlasCapture[]
}
