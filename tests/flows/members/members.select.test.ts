import { describe, expect, it } from 'vitest'
import type { Invitation } from '@/common/organisation-contract'
import { invitationRow } from '@/src/features/members/members.select'

const invitation: Invitation = {
  id: 'inv_1',
  email: 'dev@example.com',
  role: 'member',
  invitedBy: 'Olivia Owner',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
  status: 'pending',
}

/** An invitation's row: from whom, and until when. */
describe("an invitation's row", () => {
  it('names who sent it, and leaves the cell empty when their account is gone', () => {
    expect(invitationRow(invitation)).toMatchObject({ email: 'dev@example.com', invitedBy: 'Olivia Owner', expires: 'December 4, 2026' })
    expect(invitationRow({ ...invitation, invitedBy: null }).invitedBy).toBe('')
    expect(invitationRow({ ...invitation, status: 'expired' }).expires).toBe('Expired on December 4, 2026')
  })
})
