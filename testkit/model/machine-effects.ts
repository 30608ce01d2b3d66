/**
 * How a machine has the effects its oracle names (`Oracle.effects`: the page reloads, a list is
 * asked for anew), each in the oracle's words (decision 0076). Declared in the flow's model, the
 * machine's side: the oracle names what the spec says happens, and knows nothing of the machine's
 * actions or actors.
 */
export interface MachineEffects {
  /** An action the machine runs that its view gives a meaning (a reload, a file saved), to the effect it has, from the action's params. */
  actions?: Readonly<Record<string, (params: never) => string>>
  /** An actor the machine starts, to the effect its start is. */
  starts?: Readonly<Record<string, string>>
}
