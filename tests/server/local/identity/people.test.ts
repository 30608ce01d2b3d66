import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPeopleDirectory, oidForEmail } from '@/server/local/identity/people'

const person = (provider: 'GitHub' | 'Google', email = 'Sami.Same@example.com') => ({ firstName: 'Sami', lastName: 'Same', email, provider })

describe('the local identity provider’s people', () => {
  it('finds the person already known by email and provider, with the oid of their email', () => {
    const people = createPeopleDirectory([], mkdtempSync(join(tmpdir(), 'people-')))
    const first = people.signUp(person('GitHub'))
    expect(first.oid).toBe(oidForEmail('sami.same@example.com'))
    expect(people.signUp(person('GitHub', ' sami.same@EXAMPLE.com'))).toEqual(first)
  })

  it('makes another identity, with its own oid and the same email, for the same email through another provider', () => {
    const dir = mkdtempSync(join(tmpdir(), 'people-'))
    const people = createPeopleDirectory([], dir)
    const github = people.signUp(person('GitHub'))
    const google = people.signUp(person('Google'))
    expect(google.oid).not.toBe(github.oid)
    expect(google.email).toBe(github.email)
    // Both sign in again after a restart, each as themselves.
    const again = createPeopleDirectory([], dir)
    expect(again.find(github.oid)).toEqual(github)
    expect(again.find(google.oid)).toEqual(google)
  })
})
