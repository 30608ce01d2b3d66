/**
 * What a failed actor says: an Error's message, or the thrown value as text. With a fallback, a
 * failure that says nothing (not an Error, or an empty message) says the fallback instead.
 */
export function messageOf(error: unknown, fallback?: string): string {
  if (fallback === undefined) return error instanceof Error ? error.message : String(error)
  return error instanceof Error && error.message ? error.message : fallback
}

/** An action's params from a failed actor's event: `{ type: 'logFailure', params: failureMessage }`. */
export const failureMessage = ({ event }: { event: { error: unknown } }) => ({ message: messageOf(event.error) })

/**
 * An invoke's `onError`: go to the target and show what the actor said, with the machine's own
 * `showError` action (which keeps `params.message`).
 */
export function showErrorIn<const TTarget extends string>(target: TTarget, fallback?: string) {
  return {
    target,
    actions: { type: 'showError' as const, params: ({ event }: { event: { error: unknown } }) => ({ message: messageOf(event.error, fallback) }) },
  }
}
