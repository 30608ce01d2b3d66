import { describe, expect, it } from 'vitest'
import { parsePublicEnv, publicEnvKeys } from '@/common/config-schema'
import { deployedPublicEnv as complete } from '@/tests/support/example-env'

describe('parsePublicEnv', () => {
  it('accepts paths on the site for the local stack, and refuses other schemes', () => {
    expect(parsePublicEnv({ ...complete, VITE_API_BASE_URL: '/api', VITE_AUTH_AUTHORITY_BASE: '/idp' }).VITE_API_BASE_URL).toBe('/api')
    expect(() => parsePublicEnv({ ...complete, VITE_API_BASE_URL: 'http://accounts.example.com' })).toThrow('VITE_API_BASE_URL is invalid')
    expect(() => parsePublicEnv({ ...complete, VITE_AUTH_AUTHORITY_BASE: '//evil.example.com' })).toThrow('VITE_AUTH_AUTHORITY_BASE is invalid')
  })

  it('takes the package feed by its service index, on https or the site’s own origin', () => {
    expect(parsePublicEnv({ ...complete, VITE_PACKAGE_FEED_URL: '/feed/index.json' }).VITE_PACKAGE_FEED_URL).toBe('/feed/index.json')
    expect(() => parsePublicEnv({ ...complete, VITE_PACKAGE_FEED_URL: 'http://nuget.example.com/v3/index.json' })).toThrow('VITE_PACKAGE_FEED_URL is invalid')
    expect(() => parsePublicEnv({ ...complete, VITE_PACKAGE_FEED_URL: 'https://nuget.example.com/v3/' })).toThrow('VITE_PACKAGE_FEED_URL is invalid')
  })

  it('accepts a complete environment', () => {
    expect(parsePublicEnv(complete)).toEqual(complete)
  })

  const optional = ['VITE_AUTH_KNOWN_AUTHORITIES', 'VITE_AUTH_SIGN_IN_POLICY', 'VITE_AUTH_PASSWORD_RESET_POLICY']
  it.each(publicEnvKeys.filter((key) => !optional.includes(key)))('names %s when it is missing', (key) => {
    const env: Record<string, string | undefined> = { ...complete, [key]: undefined }
    expect(() => parsePublicEnv(env)).toThrow(`${key} is missing`)
  })

  it('takes only Stripe publishable keys, never a secret key', () => {
    expect(parsePublicEnv({ ...complete, VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox_local' }).VITE_STRIPE_PUBLISHABLE_KEY).toBe('pk_test_sandbox_local')
    expect(() => parsePublicEnv({ ...complete, VITE_STRIPE_PUBLISHABLE_KEY: 'sk_live_51Habc123' })).toThrow('VITE_STRIPE_PUBLISHABLE_KEY is invalid')
  })

  it('leaves the user flows out for Entra External ID, whose authority has none', () => {
    expect(parsePublicEnv({ ...complete, VITE_AUTH_SIGN_IN_POLICY: undefined, VITE_AUTH_PASSWORD_RESET_POLICY: '' })).toMatchObject({
      VITE_AUTH_SIGN_IN_POLICY: '',
      VITE_AUTH_PASSWORD_RESET_POLICY: '',
    })
  })

  it('lets the known authorities default to the authority’s own host', () => {
    expect(parsePublicEnv({ ...complete, VITE_AUTH_KNOWN_AUTHORITIES: undefined }).VITE_AUTH_KNOWN_AUTHORITIES).toBe('')
  })

  it('names every invalid value', () => {
    expect(() => parsePublicEnv({ ...complete, VITE_SUPPORT_EMAIL: 'nobody', VITE_DOCS_URL: 'http://docs.example.com' })).toThrow(/VITE_SUPPORT_EMAIL is invalid.*VITE_DOCS_URL is invalid/)
  })
})
