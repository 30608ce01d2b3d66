// @vitest-environment happy-dom
import { StrictMode } from 'react'
import { render, screen } from '@testing-library/react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise, setup, type AnyActorLogic } from 'xstate'
import { describe, expect, it } from 'vitest'
import { fromRequest } from '@/src/api/request-actor'

/** A request that fails when aborted (as fetch does), and answers the second time it is made. */
function secondCallAnswers() {
  let calls = 0
  return ({ signal }: { signal: AbortSignal }) =>
    ++calls === 1 ? new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))) : Promise.resolve('answer')
}

const pageMachine = setup({ actors: { load: fromPromise<string>(() => new Promise(() => {})) as AnyActorLogic } }).createMachine({
  initial: 'loading',
  states: { loading: { invoke: { src: 'load', onDone: 'ready', onError: 'failed' } }, ready: {}, failed: {} },
})

function Page({ load }: { load: AnyActorLogic }) {
  const page = useActorRef(pageMachine.provide({ actors: { load } }))
  return <p>{useSelector(page, (snapshot) => String(snapshot.value))}</p>
}

/** Renders the page under StrictMode, which stops its actors and starts them again. */
const renderStrictly = (load: AnyActorLogic) =>
  render(
    <StrictMode>
      <Page load={load} />
    </StrictMode>,
  )

describe('a request actor under StrictMode (development builds stop and restart page actors)', () => {
  it('ends with the answer of the restarted request, not the abort of the first', async () => {
    renderStrictly(fromRequest(secondCallAnswers()))
    expect(await screen.findByText('ready')).toBeDefined()
  })

  it('(fromPromise alone lets the first request’s abort fail the restarted actor)', async () => {
    renderStrictly(fromPromise(secondCallAnswers()))
    expect(await screen.findByText('failed')).toBeDefined()
  })
})
