import { describe, expect, it } from 'vitest'
import { fieldLimits } from '@/common/contract'
import { hostileValues, untrimmed } from '@/testkit/hostile-values'
import { describeApi } from '@/tests/support/server/api-fixture'
import { origin, person } from '@/tests/support/server/api-harness'

const profile = {
  firstName: 'Cara',
  lastName: 'Commercial',
  image: '',
  github: 'cara-dev',
  companyName: 'Contoso',
  country: 'US',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  emailAnnouncements: true,
}

/** The words each field's refusal names it by. */
const labels = {
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company',
  country: 'Country',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  github: 'GitHub username',
  image: 'Avatar image',
  email: 'Email',
  discordName: 'Discord username',
} as const
const freeText = ['firstName', 'lastName', 'companyName', 'country', 'address', 'city', 'state', 'zip'] as const

/** A value of exactly `length` characters the field's other rules accept. */
function valueOf(field: keyof typeof labels, length: number) {
  if (field === 'image') return `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`
  if (field === 'email') return `${'a'.repeat(length - '@example.com'.length)}@example.com`
  if (field === 'discordName') return 'a'.repeat(length)
  return 'x'.repeat(length)
}

describeApi('hostile input on $name', (api) => {
  const cara = 'commercial@example.com'
  const saveProfile = (change: Record<string, unknown>) => api.call(cara, 'PUT', '/account/', { ...profile, ...change })
  const storedProfile = async () => (await api.call(cara, 'GET', '/account/')).body as Record<string, unknown>
  /** Assigns a seat and gives back the row the table lists, then frees the seat again. */
  async function assignAndRead(assignee: { firstName: string; lastName: string; email: string }) {
    const answer = await api.call(cara, 'POST', '/licenses/assign', assignee)
    expect(answer.status, JSON.stringify(assignee)).toBe(200)
    const listed = ((await api.call(cara, 'GET', '/licenses/assigned')).body as { id: string }[]).find((row) => row.id === answer.body.id)
    expect((await api.call(cara, 'POST', '/licenses/unassign', { licenseId: answer.body.id })).status).toBe(200)
    return { answer: answer.body, listed }
  }

  describe('refuses what is over a field’s limit with 422 naming the field, and takes exactly the limit', () => {
    it.each(['firstName', 'lastName', 'companyName', 'country', 'address', 'city', 'state', 'zip', 'github', 'image'] as const)('profile %s', async (field) => {
      const limit = fieldLimits[field]
      const over = await saveProfile({ [field]: valueOf(field, limit + 1) })
      expect(over.status).toBe(422)
      expect(over.body.message).toContain(`${labels[field]} must be at most ${limit} characters`)
      expect((await saveProfile({ [field]: valueOf(field, limit) })).status).toBe(200)
      expect((await storedProfile())[field]).toBe(valueOf(field, limit))
    })

    it.each(['firstName', 'lastName', 'email'] as const)('assign %s', async (field) => {
      const limit = fieldLimits[field]
      const assignee = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.limits@example.com' }
      const over = await api.call(cara, 'POST', '/licenses/assign', { ...assignee, [field]: valueOf(field, limit + 1) })
      expect(over.status).toBe(422)
      expect(over.body.message).toContain(`${labels[field]} must be at most ${limit} characters`)
      expect((await assignAndRead({ ...assignee, [field]: valueOf(field, limit) })).listed).toMatchObject({ [field]: valueOf(field, limit) })
    })

    it('Discord username', async () => {
      const over = await api.call('plus@example.com', 'POST', '/discord/connect', { discordName: valueOf('discordName', fieldLimits.discordName + 1) })
      expect(over.status).toBe(422)
      expect(over.body.message).toContain(`Discord username must be at most ${fieldLimits.discordName} characters`)
    })

    it('the sign-in’s names, the return addresses and the ids', async () => {
      const who = person(cara)
      const login = await api.call(cara, 'POST', '/auth/login', { firstName: valueOf('firstName', 101), lastName: 'C', email: cara, oid: who.oid })
      expect([login.status, login.body.message]).toEqual([422, 'First name must be at most 100 characters'])
      const longAddress = `${origin}/account?${'a'.repeat(fieldLimits.returnUrl)}`
      expect((await api.call(cara, 'POST', '/stripe/create-customer-portal-session', { returnUrl: longAddress })).body.message).toContain('returnUrl must be at most 2048 characters')
      expect((await api.call(cara, 'POST', '/licenses/unassign', { licenseId: 'x'.repeat(fieldLimits.licenseId + 1) })).body.message).toContain('licenseId must be at most 64 characters')
      expect((await api.call(cara, 'POST', '/stripe/save-default-payment-method', { paymentMethodId: 'x'.repeat(fieldLimits.paymentMethodId + 1) })).status).toBe(422)
    })

    it('10,000 characters in several fields at once: one 422 that names each, and nothing stored', async () => {
      const fields = ['firstName', 'lastName', 'companyName', 'address', 'city'] as const
      const huge = 'x'.repeat(10_000)
      const answer = await saveProfile(Object.fromEntries(fields.map((field) => [field, huge])))
      expect(answer.status).toBe(422)
      for (const field of fields) expect(answer.body.message).toContain(`${labels[field]} must be at most ${fieldLimits[field]} characters`)
      expect(Object.values(await storedProfile())).not.toContain(huge)
      // Emoji count two characters each: 10,000 of them are over any limit (and under the body's).
      expect((await saveProfile({ state: '😀'.repeat(10_000) })).status).toBe(422)
    })
  })

  it.each(Object.entries(hostileValues))('stores %s verbatim in every profile text field and gives it back', async (_, value) => {
    const change = Object.fromEntries(freeText.map((field) => [field, field === 'zip' && value.length > fieldLimits.zip ? '1010' : value]))
    expect((await saveProfile(change)).status).toBe(200)
    const stored = await storedProfile()
    for (const field of freeText) expect(stored[field], field).toBe(change[field])
  })

  it("refuses in words an assignee name with anything but letters, marks, spaces and . ' -, and stores a name verbatim", async () => {
    const names = new Set<string>(['composed', 'decomposed'])
    for (const [key, value] of Object.entries(hostileValues)) {
      const assignee = { firstName: value, lastName: `${value} ${key}`, email: `${key.toLowerCase()}@example.com` }
      // The branch is the test: the two names are stored as they are, every other value is refused.
      if (names.has(key)) {
        const { answer, listed } = await assignAndRead(assignee)
        expect(answer).toMatchObject({ firstName: value, lastName: `${value} ${key}` })
        expect(listed).toMatchObject({ firstName: value, lastName: `${value} ${key}` })
      } else {
        const refused = await api.call(cara, 'POST', '/licenses/assign', assignee)
        expect([refused.status, refused.body.message], key).toEqual([422, "First name may hold only letters, marks, spaces and . ' -; Last name may hold only letters, marks, spaces and . ' -"])
      }
    }
    const { answer } = await assignAndRead({ firstName: "Zoë-Ann O'Neil", lastName: 'St. Ångström', email: 'zoe@example.com' })
    expect(answer).toMatchObject({ firstName: "Zoë-Ann O'Neil", lastName: 'St. Ångström' })
  })

  it('keeps both Unicode normalisation forms apart: nothing is normalised', async () => {
    expect(hostileValues.composed).not.toBe(hostileValues.decomposed)
    await saveProfile({ firstName: hostileValues.composed, lastName: hostileValues.decomposed })
    const stored = await storedProfile()
    expect([...(stored.firstName as string)].length).toBe([...hostileValues.composed].length)
    expect([stored.firstName, stored.lastName]).toEqual([hostileValues.composed, hostileValues.decomposed])
  })

  it('drops leading and trailing white space, and only that, in every text field', async () => {
    expect((await saveProfile(Object.fromEntries(freeText.map((field) => [field, field === 'zip' ? ' 1010 ' : untrimmed.sent])))).status).toBe(200)
    const stored = await storedProfile()
    for (const field of freeText) expect(stored[field], field).toBe(field === 'zip' ? '1010' : untrimmed.stored)
    // Bidi marks and zero-width characters are not white space: they stay, at the ends too.
    await saveProfile({ firstName: hostileValues.invisible, lastName: '\u200Fمرحبا\u200F' })
    expect(await storedProfile()).toMatchObject({ firstName: hostileValues.invisible, lastName: '\u200Fمرحبا\u200F' })
    const { listed } = await assignAndRead({ firstName: untrimmed.sent, lastName: ' Lovelace ', email: ' Ada.Trim@Example.com ' })
    expect(listed).toMatchObject({ firstName: untrimmed.stored, lastName: 'Lovelace', email: 'ada.trim@example.com' })
    // What is left after trimming must still fill a required field.
    expect((await api.call(cara, 'POST', '/licenses/assign', { firstName: ' \u00A0 ', lastName: 'L', email: 'blank@example.com' })).body.message).toBe('First name is required')
  })

  it('refuses half of a surrogate pair, which the database cannot hold, with 422 naming the field', async () => {
    for (const broken of ['\uD83D', 'x\uDE00y', '\uDE00\uD83D']) {
      const answer = await saveProfile({ city: broken })
      expect(answer.status).toBe(422)
      expect(answer.body.message).toBe('City holds a character that cannot be stored')
    }
    expect((await saveProfile({ city: '\uD83D\uDE00' })).status).toBe(200)
  })

  it('refuses markup and SQL as a Discord username (its rules allow neither) and stores nothing', async () => {
    for (const value of [hostileValues.script, hostileValues.sqlDrop, hostileValues.emoji]) {
      expect((await api.call('plus@example.com', 'POST', '/discord/connect', { discordName: value })).status, value).toBe(422)
    }
    expect(((await api.call('plus@example.com', 'GET', '/account/')).body as { discordName: string | null }).discordName).toBeNull()
  })
})
