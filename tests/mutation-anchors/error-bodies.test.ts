import { describe, expect, it } from 'vitest'
import { ApiError, describeFailure } from '@/src/api/errors'

/**
 * Spec section 8: a failed call shows the body's text only when it is a short text. An error page
 * of a proxy or a server (HTML or XML) is no text for the user: the status's message shows instead.
 */
const shown = (status: number, body: string) => describeFailure({ kind: 'http', status, body })
const technicalDifficulties = "We're experiencing technical difficulties. Please try again later or contact support if the problem persists."

describe('an error page in place of a message', () => {
  it.each([
    ['a doctype', '<!DOCTYPE html><html><body>Bad gateway</body></html>'],
    ['an XML declaration', '<?xml version="1.0"?><Error>Bad gateway</Error>'],
    ['an element with attributes', '<div class="error">Bad gateway</div>'],
    ['an element without', '<center>nginx</center>'],
    ['upper-case markup', '<HTML><BODY>Bad gateway</BODY></HTML>'],
  ])('%s gives the status message', (_, body) => {
    expect(shown(502, body)).toBe(technicalDifficulties)
  })

  it('is told apart from text that merely contains or starts with "<"', () => {
    expect(shown(503, 'Back at 10:00 <UTC>')).toBe('Back at 10:00 <UTC>')
    expect(shown(503, '<3 seats left in this plan')).toBe('<3 seats left in this plan')
    expect(shown(503, '<<none>> available')).toBe('<<none>> available')
    expect(shown(410, '<v2> was retired: use v3.')).toBe('<v2> was retired: use v3.')
  })
})

describe('the text fields of a JSON error body', () => {
  it('are shown trimmed, and a blank one is passed over', () => {
    expect(shown(409, JSON.stringify({ message: '  No seat is left.  ' }))).toBe('No seat is left.')
    expect(shown(409, JSON.stringify({ message: '   ', error: 'Seat taken.' }))).toBe('Seat taken.')
    expect(shown(503, '  Maintenance until 10:00 UTC \n')).toBe('Maintenance until 10:00 UTC')
    expect(shown(503, JSON.stringify('  Back at 10:00 UTC. '))).toBe('Back at 10:00 UTC.')
  })

  it('skip values that are not text', () => {
    expect(shown(409, JSON.stringify({ message: 42, error: null, errors: [7, 'Email is not valid.'] }))).toBe('Email is not valid.')
    expect(shown(404, JSON.stringify(42))).toBe("The requested information couldn't be found. Please try again or contact support.")
    expect(shown(404, JSON.stringify(null))).toBe("The requested information couldn't be found. Please try again or contact support.")
  })
})

describe('a failed call', () => {
  it('is an ApiError by name, so logs tell it from a crash', () => {
    expect(String(new ApiError({ kind: 'network' }))).toBe('ApiError: There was a problem connecting to the server. Please try again.')
  })
})
