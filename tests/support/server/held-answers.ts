/**
 * Answers held back on their way: a request that matches a hold is answered at once by the server
 * behind (so the answer is what it held then), and the answer is handed back only when released.
 * Stands between the portal's Stripe SDK and the payment sandbox, to make an old answer arrive late.
 */
export function heldAnswers() {
  const holds: { matches: (request: Request) => boolean; answered: () => void; release: Promise<void> }[] = []
  return {
    /** Holds the answer to the next request that matches: `answered` resolves once it is made, `release` lets it go. */
    hold(matches: (request: Request) => boolean) {
      let answered = () => {}
      let release = () => {}
      holds.push({ matches, answered: () => answered(), release: new Promise<void>((resolve) => (release = resolve)) })
      return { answered: new Promise<void>((resolve) => (answered = resolve)), release: () => release() }
    },
    /** Answers the request through `answer`, held back when a hold matches it. */
    async pass(request: Request, answer: (request: Request) => Response | Promise<Response>): Promise<Response> {
      const hold = holds.find((candidate) => candidate.matches(request))
      if (!hold) return answer(request)
      holds.splice(holds.indexOf(hold), 1)
      const answered = await answer(request)
      hold.answered()
      await hold.release
      return answered
    },
  }
}
