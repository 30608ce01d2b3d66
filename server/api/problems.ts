/** A refusal the API answers with a catalogue status and `{ message }` (spec section 8). */
export class Problem extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'Problem'
  }
}

export const notFound = (what: string) => new Problem(404, `${what} was not found.`)
export const conflict = (message: string) => new Problem(409, message)
export const invalid = (message: string) => new Problem(422, message)
