import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { quotesMachine } from '@/machines/quotes.machine'
import { expiredQuote, newQuote, openQuote, quotePdf, quotesModel } from '@/testkit/flows/quotes/quotes.model'
import { northwindDraft } from '@/testkit/flows/invoice-order/invoice-order.model'
import { idleActors } from '@/tests/support/run-paths'

/** The quotes machine with its list loaded (the open and the expired quote) and the given actors answering. */
function listed(actors: Record<string, unknown>) {
  const actor = createActor(quotesMachine.provide({ actors: { ...idleActors(quotesModel.actors), ...actors } } as never), { input: {} }).start()
  actor.send({ type: 'xstate.done.actor.loadQuotes', output: [openQuote, expiredQuote] } as never)
  return actor
}

describe('quotes machine', () => {
  it('lists a quote the request answers with again once, at the head (a repeated request gives back the same quote)', async () => {
    const actor = listed({ requestQuote: fromPromise(async () => openQuote) })
    actor.send({ type: 'request.open' })
    actor.send({ type: 'request.submit', priceId: 'commercial', quantity: 5, draft: northwindDraft })
    await expect.poll(() => actor.getSnapshot().matches({ listed: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.quotes.map((quote) => quote.id)).toEqual([openQuote.id, expiredQuote.id])
  })

  it('puts a new quote at the head, above those listed', async () => {
    const actor = listed({ requestQuote: fromPromise(async () => newQuote) })
    actor.send({ type: 'request.open' })
    actor.send({ type: 'request.submit', priceId: 'commercial-plus', quantity: 3, draft: northwindDraft })
    await expect.poll(() => actor.getSnapshot().matches({ listed: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.quotes.map((quote) => quote.id)).toEqual([newQuote.id, openQuote.id, expiredQuote.id])
  })

  it('fetches the PDF of the quote whose button was pressed, and hands it on with that quote', async () => {
    const asked: unknown[] = []
    const saved: unknown[] = []
    const actor = createActor(
      quotesMachine.provide({
        actors: { ...idleActors(quotesModel.actors), downloadQuotePdf: fromPromise(async ({ input }) => (asked.push(input), quotePdf)) },
        actions: { savePdf: (_: unknown, params: unknown) => void saved.push(params) },
      } as never),
      { input: {} },
    ).start()
    actor.send({ type: 'xstate.done.actor.loadQuotes', output: [openQuote, expiredQuote] } as never)
    actor.send({ type: 'pdf.download', quote: expiredQuote })
    await expect.poll(() => saved.length).toBe(1)
    expect(asked).toEqual([{ quoteId: expiredQuote.id }])
    expect(saved).toEqual([{ pdf: quotePdf, quote: expiredQuote }])
  })
})
