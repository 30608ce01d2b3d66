import type { EventObject } from 'xstate'

/** The last of the sent events whose type is one of `types`, if any. */
export const lastOf = (sent: readonly EventObject[], ...types: string[]) => sent.findLast((event) => types.includes(event.type))
