/**
 * Waits one turn of the event loop: the promises an actor's stand-in resolved have run, and the
 * events they sent have been processed, before a test looks at the snapshot.
 */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
