import { describe, expect, it } from 'vitest'
import { parsePublicEnv, publicEnvKeys } from '../../src/config/schema'

const complete = {
  VITE_SITE_URL: 'https://www.example.com',
  VITE_SUPPORT_EMAIL: 'support@example.com',
  VITE_DOCS_URL: 'https://docs.example.com',
  VITE_LICENSE_AGREEMENT_URL: 'https://cdn.example.com/license.pdf',
}

describe('parsePublicEnv', () => {
  it('accepts a complete environment', () => {
    expect(parsePublicEnv(complete)).toEqual(complete)
  })

  it.each(publicEnvKeys)('names %s when it is missing', (key) => {
    const env: Record<string, string | undefined> = { ...complete, [key]: undefined }
    expect(() => parsePublicEnv(env)).toThrow(`${key} is missing`)
  })

  it('names every invalid value', () => {
    expect(() => parsePublicEnv({ ...complete, VITE_SUPPORT_EMAIL: 'nobody', VITE_DOCS_URL: 'http://docs.example.com' })).toThrow(
      /VITE_SUPPORT_EMAIL is invalid.*VITE_DOCS_URL is invalid/,
    )
  })
})
