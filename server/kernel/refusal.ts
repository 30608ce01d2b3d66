/**
 * A rule of the licensing domain said no: the API answers it with the catalogue status of its
 * reason and `{ message }` (server/api/error-mapping.ts). The domain knows no HTTP.
 */
export class Refusal extends Error {
  constructor(
    readonly reason: 'bad-request' | 'forbidden' | 'not-found' | 'conflict' | 'invalid',
    message: string,
    /** The form field it is about, when it is one field's (the API answers it beside the message). */
    readonly field?: string,
  ) {
    super(message)
    this.name = 'Refusal'
  }
}

export const notFound = (what: string) => new Refusal('not-found', `${what} was not found.`)
export const conflict = (message: string) => new Refusal('conflict', message)
export const invalid = (message: string) => new Refusal('invalid', message)
