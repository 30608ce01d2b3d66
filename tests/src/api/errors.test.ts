import { describe, expect, it } from 'vitest'
import { ApiError, describeFailure } from '@/src/api/errors'

const http = (status: number, body = '') => describeFailure({ kind: 'http', status, body })

describe('the error catalogue by status (spec section 8) [S8.status-400 S8.status-401-403 S8.status-404 S8.status-409 S8.status-422 S8.status-429 S8.status-5xx S8.status-other]', () => {
  it.each([
    [400, "The request couldn't be processed. Please check your information and try again."],
    [401, "You don't have permission to perform this action. Please log in again or contact support."],
    [403, "You don't have permission to perform this action. Please log in again or contact support."],
    [404, "The requested information couldn't be found. Please try again or contact support."],
    [409, 'There was a conflict with your request. The item may have been modified by another user.'],
    [422, "The information provided couldn't be processed. Please check your entries and try again."],
    [429, "You've made too many requests. Please wait a moment and try again."],
    [500, "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."],
    [502, "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."],
    [503, "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."],
    [504, "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."],
    [402, 'An unexpected error occurred. Please try again or contact support if the problem persists.'],
    [418, 'An unexpected error occurred. Please try again or contact support if the problem persists.'],
    [501, 'An unexpected error occurred. Please try again or contact support if the problem persists.'],
  ])('%i without a body says: %s', (status, text) => {
    expect(http(status)).toBe(text)
  })
})

describe('text from the answer body', () => {
  it('takes message, then error, error_description, title, errors [S8.message-from-body]', () => {
    const all = { message: 'm', error: 'e', error_description: 'd', title: 't', errors: ['x'] }
    expect(http(409, JSON.stringify(all))).toBe('m')
    const { message: _m, ...noMessage } = all
    expect(http(409, JSON.stringify(noMessage))).toBe('e')
    const { error: _e, ...noError } = noMessage
    expect(http(409, JSON.stringify(noError))).toBe('d')
    const { error_description: _d, ...noDescription } = noError
    expect(http(409, JSON.stringify(noDescription))).toBe('t')
    const { title: _t, ...onlyErrors } = noDescription
    expect(http(409, JSON.stringify(onlyErrors))).toBe('x')
  })

  it('joins a list or a validation map of errors', () => {
    expect(http(422, JSON.stringify({ errors: ['First name is required.', 'Email is not valid.'] }))).toBe('First name is required. Email is not valid.')
    expect(http(422, JSON.stringify({ errors: { firstName: ['First name is required.'], email: ['Email is not valid.'] } }))).toBe('First name is required. Email is not valid.')
  })

  it('skips empty fields and falls back to the status', () => {
    expect(http(404, JSON.stringify({ message: '  ', errors: [] }))).toBe("The requested information couldn't be found. Please try again or contact support.")
    expect(http(500, JSON.stringify({ unrelated: 'x' }))).toBe("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")
    // JSON that is no object and no text: null, a number, true.
    for (const body of ['null', '42', 'true']) expect(http(409, body), body).toBe('There was a conflict with your request. The item may have been modified by another user.')
  })

  it('shows a plain text body under 200 characters as it is [S8.message-from-body]', () => {
    expect(http(503, 'Maintenance until 10:00 UTC')).toBe('Maintenance until 10:00 UTC')
    expect(http(503, 'x'.repeat(199))).toBe('x'.repeat(199))
  })

  it('ignores a text body of 200 characters or more, and HTML pages', () => {
    expect(http(503, 'x'.repeat(200))).toBe("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")
    expect(http(502, '<html><body>Bad gateway</body></html>')).toBe("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")
  })

  it('reads a bare JSON string as a text body, under the same 200-character rule', () => {
    expect(http(503, JSON.stringify('Maintenance until 10:00 UTC'))).toBe('Maintenance until 10:00 UTC')
    expect(http(503, JSON.stringify('x'.repeat(200)))).toBe("We're experiencing technical difficulties. Please try again later or contact support if the problem persists.")
  })
})

describe('failures without an answer', () => {
  it('names network failures, bad JSON and token failures with the spec’s texts [S8.network S8.bad-json S8.token]', () => {
    expect(describeFailure({ kind: 'network' })).toBe('There was a problem connecting to the server. Please try again.')
    expect(describeFailure({ kind: 'invalid-json' })).toBe('Failed to parse API response as JSON')
    expect(describeFailure({ kind: 'token' })).toBe('Could not acquire access token')
  })

  it('treats an answer of the wrong shape as an unexpected error', () => {
    expect(describeFailure({ kind: 'invalid-answer' })).toBe('An unexpected error occurred. Please try again or contact support if the problem persists.')
  })
})

describe('ApiError', () => {
  it('carries the catalogue text and the status', () => {
    const error = new ApiError({ kind: 'http', status: 409, body: '{"message":"No seat left"}' })
    expect(error.message).toBe('No seat left')
    expect(error.status).toBe(409)
    expect(new ApiError({ kind: 'network' }).status).toBeUndefined()
  })
})
