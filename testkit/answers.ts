import { fromPromise } from 'xstate'

/**
 * A stand-in for an invoked promise actor that gives these answers in turn (an Error is thrown as
 * the call's failure) and records the input of each call in `asked`.
 */
export function answersInTurn<TOutput, TInput = void>(answers: (TOutput | Error)[]) {
  const asked: TInput[] = []
  const logic = fromPromise<TOutput, TInput>(async ({ input }) => {
    asked.push(input)
    if (asked.length > answers.length) throw new Error(`No answer for call ${asked.length}`)
    const answer = answers[asked.length - 1] as TOutput | Error
    if (answer instanceof Error) throw answer
    return answer
  })
  return { logic, asked }
}
