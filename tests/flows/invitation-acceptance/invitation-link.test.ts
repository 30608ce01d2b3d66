// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { keepInvitation, keptInvitation, secretInAddress, signInReturnPath } from '@/src/features/members/invitation-link'
import { secret } from '@/testkit/flows/invitation-acceptance/invitation-acceptance.model'

const at = (href: string) => {
  const url = new URL(href, 'https://portal.example')
  return { pathname: url.pathname, searchStr: url.search, hash: url.hash.slice(1) }
}

/** Issue 48: an invitation's secret is the link's fragment, and the sign-in's state never carries it. */
describe("an invitation's secret on its way through the sign-in", () => {
  beforeEach(() => sessionStorage.clear())

  it('is read from the fragment, and from the path of links mailed before', () => {
    expect(secretInAddress(at(`/account/invitations#${secret}`))).toBe(secret)
    expect(secretInAddress(at(`/account/invitations/#${secret}`))).toBe(secret)
    expect(secretInAddress(at(`/account/invitations/${secret}`))).toBe(secret)
    expect(secretInAddress(at('/account/invitations?link=abc'))).toBeNull()
    expect(secretInAddress(at('/account/licenses#top'))).toBeNull()
  })

  it('stays in this tab: the return address the identity provider sees names a nonce, and the nonce finds the secret', () => {
    for (const link of [`/account/invitations#${secret}`, `/account/invitations/${secret}`]) {
      const back = signInReturnPath(at(link))
      expect(back).not.toContain(secret)
      const nonce = new URL(back, 'https://portal.example').searchParams.get('link')
      expect(back).toBe(`/account/invitations?link=${nonce}`)
      expect(keptInvitation(nonce ?? undefined)).toBe(secret)
    }
  })

  it('sends no fragment as state, and keeps every other address as it was', () => {
    expect(signInReturnPath(at('/account/licenses?page=2#top'))).toBe('/account/licenses?page=2')
  })

  it('finds nothing for a nonce this tab did not make: the API then says the link is not complete', () => {
    keepInvitation(secret)
    expect(keptInvitation('a-nonce-of-another-tab')).toBe('')
    expect(keptInvitation(undefined)).toBe('')
    expect(keptInvitation('../../x')).toBe('')
  })
})
