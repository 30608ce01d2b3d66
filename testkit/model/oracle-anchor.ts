/**
 * Wrong transitions that the oracles must catch: each, applied to its machine's source, must fail
 * `npm run test:model` by a check of behaviour (the oracle's state or what it holds), not only by
 * the diagram check. `source` must occur once in the machine's file; `wrong` replaces it.
 * A flow's anchors are in testkit/flows/<flow>/<flow>.anchors.ts;
 * tests/mutation-anchors/model-oracles.test.ts replays each mutant's paths against the oracle.
 */
export interface FlowAnchor {
  source: string
  wrong: string
  /** What the user would live through with the wrong transition. */
  why: string
  /**
   * The anchor takes away a transition the spec requires (the rest move or widen one). Each flow
   * has one at least: only the oracle's own paths (testkit/model/oracle-paths.ts) send the event
   * a machine no longer takes.
   */
  removes?: true
}

/** An anchor with the flow it belongs to: its model's name and its machine's file. */
export interface OracleAnchor extends FlowAnchor {
  model: string
  file: string
}
