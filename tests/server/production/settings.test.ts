import { describe, expect, it } from 'vitest'
import { readProductionSettings } from '@/server/production-config'
import { newSigningKeySetting } from '@/server/licensing/license-signing-keys'

/** A signing key that signs from the start of 2026, and one whose private key is cut short. */
const signingKey = newSigningKeySetting(new Date('2026-01-01T00:00:00Z'))
const brokenKey = { ...signingKey, privateKey: signingKey.privateKey.slice(0, 120) }

const complete = {
  DATABASE_URL: 'postgres://portal@db.internal:5432/portal',
  PUBLIC_ORIGIN: 'https://portal.example.com',
  AUTH_METADATA_URL: 'https://prismlibrary.b2clogin.com/prismlibrary.onmicrosoft.com/B2C_1_susi/v2.0/.well-known/openid-configuration',
  AUTH_ISSUER: 'https://prismlibrary.b2clogin.com/0c5b0a4e-1a2b-4c3d-9e8f-0123456789ab/v2.0/',
  AUTH_AUDIENCE: '6f1e7c2a-8b9d-4e0f-a1b2-c3d4e5f60718',
  DISCORD_INVITE_URL: 'https://discord.gg/prism',
  STRIPE_SECRET_KEY: 'sk_live_51AbCdEf',
  STRIPE_WEBHOOK_SECRET: 'whsec_AbCdEf',
  STRIPE_PRICE_COMMUNITY: 'price_1Community',
  STRIPE_PRICE_COMMERCIAL: 'price_1Commercial',
  STRIPE_PRICE_COMMERCIAL_PLUS: 'price_1CommercialPlus',
  SMTP_URL: 'smtps://apikey:SG.s3cret@smtp.example.com:465',
  LICENSE_SIGNING_KEYS: JSON.stringify([signingKey]),
}

describe('production settings', () => {
  it('takes a complete configuration, with the defaults of the optional values', () => {
    expect(readProductionSettings(complete)).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATABASE_POOL_SIZE: 10,
      DATABASE_STATEMENT_TIMEOUT_SECONDS: 15,
      DATABASE_POOL_WAIT_SECONDS: 5,
      AUTH_EMAIL_CLAIM: 'emails',
      STRIPE_API_BASE: '',
      PUBLIC_ORIGIN: 'https://portal.example.com',
      MAIL_FROM: 'support@prismlibrary.com',
      ROLE_CACHE_SECONDS: 5,
      LICENSE_SIGNING_KEYS: [signingKey],
      LICENSE_KEY_OVERLAP_DAYS: 400,
    })
    expect(readProductionSettings({ ...complete, ROLE_CACHE_SECONDS: '0.5' }).ROLE_CACHE_SECONDS).toBe(0.5)
    expect(readProductionSettings({ ...complete, SMTP_URL: 'smtp://mail.internal:587', MAIL_FROM: 'Prism <licenses@prismlibrary.com>' })).toMatchObject({
      SMTP_URL: 'smtp://mail.internal:587',
      MAIL_FROM: 'Prism <licenses@prismlibrary.com>',
    })
    expect(readProductionSettings(complete), 'the sign-in policy only; no address trusted without email_verified').toMatchObject({ AUTH_POLICIES: ['b2c_1_susi'], AUTH_TENANT_VERIFIES_EMAIL: false })
    expect(readProductionSettings({ ...complete, AUTH_POLICIES: 'B2C_1_signin, B2C_1_SUSI_mfa', AUTH_TENANT_VERIFIES_EMAIL: 'true' })).toMatchObject({
      AUTH_POLICIES: ['b2c_1_signin', 'b2c_1_susi_mfa'],
      AUTH_TENANT_VERIFIES_EMAIL: true,
    })
    expect(readProductionSettings({ ...complete, PUBLIC_ORIGIN: 'https://portal.example.com/', DATABASE_POOL_SIZE: '25', AUTH_EMAIL_CLAIM: 'email' })).toMatchObject({
      PUBLIC_ORIGIN: 'https://portal.example.com',
      DATABASE_POOL_SIZE: 25,
      AUTH_EMAIL_CLAIM: 'email',
    })
  })

  it('trusts the forwarding headers of the proxies TRUST_PROXY lists, a proxy on the same host when it is unset, and never every peer', () => {
    const trusted = (setting: string | undefined, peers: string[]) => {
      const { TRUST_PROXY } = readProductionSettings(setting === undefined ? complete : { ...complete, TRUST_PROXY: setting })
      return peers.filter((peer) => TRUST_PROXY(peer))
    }
    const peers = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '10.200.0.1', 'fd00::5', '203.0.113.9', 'unknown']
    expect(trusted(undefined, peers), 'unset: the same host').toEqual(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
    expect(trusted('10.1.0.0/16, fd00::/8', peers)).toEqual(['10.1.2.3', 'fd00::5'])
    expect(trusted('203.0.113.9', peers)).toEqual(['203.0.113.9'])
    expect(trusted('none', peers)).toEqual([])
    expect(trusted('false', peers), 'the former setting for none').toEqual([])
  })

  it.each(Object.keys(complete))('refuses to start without %s, naming it', (name) => {
    const { [name as keyof typeof complete]: _left, ...rest } = complete
    expect(() => readProductionSettings(rest)).toThrow(`${name} is required`)
  })

  it('names every missing variable at once', () => {
    expect(() => readProductionSettings({})).toThrow(/DATABASE_URL is required[\s\S]*PUBLIC_ORIGIN is required[\s\S]*STRIPE_PRICE_COMMERCIAL_PLUS is required[\s\S]*SMTP_URL is required/)
  })

  it.each([
    ['DATABASE_URL', 'mysql://portal@db/portal', 'DATABASE_URL must be a postgres:// address'],
    ['PUBLIC_ORIGIN', 'https://portal.example.com/account', 'PUBLIC_ORIGIN must be an origin'],
    ['PUBLIC_ORIGIN', 'portal.example.com', 'PUBLIC_ORIGIN must be an address'],
    ['STRIPE_SECRET_KEY', 'pk_live_123', 'STRIPE_SECRET_KEY must be a secret or restricted key'],
    ['STRIPE_WEBHOOK_SECRET', 'secret', 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret'],
    ['STRIPE_PRICE_COMMERCIAL', 'prod_123', 'STRIPE_PRICE_COMMERCIAL must be a price id'],
    ['DATABASE_STATEMENT_TIMEOUT_SECONDS', '0', 'DATABASE_STATEMENT_TIMEOUT_SECONDS must be a whole number above 0'],
    ['DATABASE_POOL_WAIT_SECONDS', '61', 'DATABASE_POOL_WAIT_SECONDS must be at most 60'],
    ['TRUST_PROXY', 'yes', 'TRUST_PROXY must list addresses or ranges like 10.0.0.0/8 or none; "yes" is neither'],
    ['TRUST_PROXY', 'true', 'TRUST_PROXY=true would trust every peer'],
    ['TRUST_PROXY', '10.0.0.5, 0.0.0.0/0', "TRUST_PROXY's 0.0.0.0/0 would trust every peer: list the proxies' addresses or ranges (for example 127.0.0.1 or 10.0.0.0/8)"],
    ['TRUST_PROXY', '::/0', "TRUST_PROXY's ::/0 would trust every peer"],
    ['TRUST_PROXY', '10.0.0.0/33', '"10.0.0.0/33" is neither'],
    ['TRUST_PROXY', '10.0.0.0/8/1', '"10.0.0.0/8/1" is neither'],
    ['TRUST_PROXY', ' ', 'TRUST_PROXY lists the proxies in front'],
    ['PORT', 'http', 'PORT must be a port number'],
    ['DATABASE_POOL_SIZE', '1', 'DATABASE_POOL_SIZE must be at least 2'],
    ['PUBLIC_ORIGIN', 'http://portal.example.com', 'PUBLIC_ORIGIN must be an https:// address'],
    ['AUTH_METADATA_URL', 'http://tenant.example.com/b2c_1_susi/v2.0/.well-known/openid-configuration', 'AUTH_METADATA_URL must be an https:// address'],
    ['AUTH_ISSUER', ' , ', 'AUTH_ISSUER must be one https:// address, or several separated by commas'],
    ['AUTH_ISSUER', 'https://tenant.example.com/v2.0/,http://other.example.com/', 'AUTH_ISSUER must be one https:// address'],
    ['AUTH_POLICIES', ' , ', 'AUTH_POLICIES must name at least one policy (none: tokens that name no policy)'],
    ['AUTH_POLICIES', 'B2C_1_susi; drop', 'AUTH_POLICIES must be policy names separated by commas'],
    ['AUTH_TENANT_VERIFIES_EMAIL', 'yes', 'AUTH_TENANT_VERIFIES_EMAIL must be true or false'],
    ['STRIPE_API_BASE', 'http://stripe.example.com', 'STRIPE_API_BASE must be an https:// address'],
    ['DISCORD_INVITE_URL', 'javascript:alert(1)', 'DISCORD_INVITE_URL must be an https:// address'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    ['STRIPE_PRICE_COMMUNITY', 'price_1Commercial', 'must be three different prices'],
    ['SMTP_URL', 'https://smtp.example.com', 'SMTP_URL must be an smtp:// or smtps:// address'],
    ['SMTP_URL', 'smtp.example.com:587', 'SMTP_URL must be an smtp:// or smtps:// address'],
    ['ROLE_CACHE_SECONDS', 'forever', 'ROLE_CACHE_SECONDS must be a number of seconds, such as 5 or 0.5'],
    ['ROLE_CACHE_SECONDS', '-1', 'ROLE_CACHE_SECONDS must be a number of seconds'],
    ['ROLE_CACHE_SECONDS', '301', 'ROLE_CACHE_SECONDS must be at most 300'],
    ['MAIL_FROM', 'Prism support', 'MAIL_FROM must be an email address, or a name and <address>'],
    ['LICENSE_SIGNING_KEYS', '-----BEGIN PRIVATE KEY-----', 'LICENSE_SIGNING_KEYS must be a JSON list of { "privateKey": "<PKCS#8 PEM>", "from": "<date>" }'],
    ['LICENSE_SIGNING_KEYS', JSON.stringify([brokenKey]), 'LICENSE_SIGNING_KEYS: a key is not a PKCS#8 PEM private key'],
    ['LICENSE_SIGNING_KEYS', JSON.stringify([{ ...signingKey, from: 'soon' }]), 'LICENSE_SIGNING_KEYS: a key has no valid "from" date'],
    ['LICENSE_SIGNING_KEYS', JSON.stringify([{ ...signingKey, from: '2999-01-01' }]), 'LICENSE_SIGNING_KEYS: no signing key has started signing yet'],
    ['LICENSE_KEY_OVERLAP_DAYS', '30', "LICENSE_KEY_OVERLAP_DAYS must be at least 365 (a license file's life)"],
  ])('refuses %s=%s: "%s"', (name, value, message) => {
    expect(() => readProductionSettings({ ...complete, [name]: value })).toThrow(message)
  })

  it('takes plain http only to this machine (a loopback address): the test setups', () => {
    expect(
      readProductionSettings({ ...complete, STRIPE_API_BASE: 'http://127.0.0.1:4010', AUTH_METADATA_URL: 'http://localhost:4011/b2c_1_susi/v2.0/.well-known/openid-configuration' }),
    ).toMatchObject({
      STRIPE_API_BASE: 'http://127.0.0.1:4010',
    })
  })

  it("never repeats a refused value: an SMTP_URL's password stays out of the message", () => {
    expect(() => readProductionSettings({ ...complete, SMTP_URL: 'http://apikey:SG.s3cret@smtp.example.com' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('s3cret') }))
  })

  it("never repeats a refused signing key: not a line of the private key's PEM is in the message", () => {
    const keyLine = brokenKey.privateKey.split('\n')[1]!
    expect(() => readProductionSettings({ ...complete, LICENSE_SIGNING_KEYS: JSON.stringify([brokenKey]) })).toThrow(expect.objectContaining({ message: expect.not.stringContaining(keyLine) }))
  })
})
