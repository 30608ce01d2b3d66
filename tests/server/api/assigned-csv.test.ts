import { expect, it } from 'vitest'
import { assignedCsvHeader } from '@/common/contract'
import { describeApi } from '@/tests/support/server/api-fixture'

const cara = 'commercial@example.com'

describeApi('the assigned seats as CSV on $name', (api) => {
  async function download(email: string | null) {
    const headers: Record<string, string> = email ? { Authorization: `Bearer ${await api.token(email)}` } : {}
    const answer = await api.app.request('/api/licenses/assigned.csv', { headers })
    return { status: answer.status, headers: answer.headers, text: await answer.text() }
  }
  /**
   * Assigns a seat, then gives it the names as stored: names with other characters than letters,
   * marks, spaces and . ' - are refused today, but seats assigned before that rule still hold them.
   */
  const assign = async (firstName: string, lastName: string, email: string) => {
    const answer = await api.call(cara, 'POST', '/licenses/assign', { firstName: 'Stored', lastName: 'Earlier', email })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    await api.db.query('update seats set assignee_first_name = $2, assignee_last_name = $3 where id = $1', [answer.body.id, firstName, lastName])
    return answer.body.id as string
  }

  it('is a CSV download of the caller’s assigned seats, the header first, never cached', async () => {
    const answer = await download(cara)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="assigned-licenses.csv"')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const lines = answer.text.split('\r\n')
    expect(lines[0]).toBe(assignedCsvHeader.join(','))
    expect(lines.at(-1), 'every line ends with CRLF').toBe('')
    const seats = (await api.call(cara, 'GET', '/licenses/assigned')).body as { email: string }[]
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(seats.map((seat) => seat.email))
    expect(lines[1]).toMatch(/^commercial@example\.com,Cara,Commercial,Commercial,\d{4}-\d\d-\d\dT[\d:.]+Z,,active$/)
  })

  it('neutralises cells a spreadsheet would run as formulas, and quotes as RFC 4180 says', async () => {
    const id = await assign('=HYPERLINK("http://evil.example","Click")', '+1', 'formula@example.com')
    await assign('-2', '@SUM(A1:A9)', 'minus@example.com')
    await assign('Lovelace, Ada', 'Says "hi"', 'quotes@example.com')
    const lines = (await download(cara)).text.split('\r\n')
    expect(lines.find((line) => line.startsWith('formula@'))).toMatch(/^formula@example\.com,"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)",'\+1,Commercial,[^,]+Z,,active$/)
    expect(lines.find((line) => line.startsWith('minus@'))).toMatch(/^minus@example\.com,'-2,'@SUM\(A1:A9\),Commercial,/)
    expect(lines.find((line) => line.startsWith('quotes@'))).toMatch(/^quotes@example\.com,"Lovelace, Ada","Says ""hi""",Commercial,/)
    expect((await api.call(cara, 'POST', '/licenses/unassign', { licenseId: id })).status).toBe(200)
    expect((await download(cara)).text).not.toContain('formula@example.com')
  })

  it('gives each seat its status and its last use of the feed, as GET /licenses/assigned does', async () => {
    const used = new Date('2025-03-04T05:06:07.000Z')
    await api.db.query("update seats set last_feed_access_at = $1 where assignee_email = 'dev1@example.com'", [used])
    const seats = (await api.call(cara, 'GET', '/licenses/assigned')).body as { email: string; lastFeedAccessAt: string | null }[]
    expect(seats.map((seat) => [seat.email, seat.lastFeedAccessAt])).toEqual(
      expect.arrayContaining([
        ['dev1@example.com', used.toISOString()],
        ['commercial@example.com', null],
      ]),
    )
    await api.db.query("update subscriptions set cancel_at_period_end = true where id = 'sub_demo_commercial'")
    let row = (await download(cara)).text.split('\r\n').find((line) => line.startsWith('dev1@'))!
    expect(row.split(',').slice(3)).toEqual(['Commercial', expect.stringMatching(/Z$/), used.toISOString(), 'cancels'])
    await api.db.query("update subscriptions set status = 'past_due' where id = 'sub_demo_commercial'")
    row = (await download(cara)).text.split('\r\n').find((line) => line.startsWith('dev1@'))!
    expect(row.split(',').at(-1)).toBe('payment-due')
    // An ended subscription's seats are not listed, as on Manage Licenses.
    await api.db.query("update subscriptions set status = 'canceled' where id = 'sub_demo_commercial'")
    expect((await download(cara)).text).toBe(`${assignedCsvHeader.join(',')}\r\n`)
    await api.db.query("update subscriptions set status = 'active', cancel_at_period_end = false where id = 'sub_demo_commercial'")
  })

  it('starts a seat given again with no last use: it was its previous holder’s', async () => {
    await api.db.query("update seats set last_feed_access_at = now() where subscription_id = 'sub_demo_commercial'")
    const id = await assign('New', 'Holder', 'new.holder@example.com')
    const seats = (await api.call(cara, 'GET', '/licenses/assigned')).body as { id: string; lastFeedAccessAt: string | null }[]
    expect(seats.find((seat) => seat.id === id)?.lastFeedAccessAt).toBeNull()
  })

  it('lists only the caller’s own seats, and needs a signed-in caller', async () => {
    expect((await download(null)).status).toBe(401)
    expect((await download('plus@example.com')).text).not.toContain('commercial@example.com')
    expect((await download('dev1@example.com')).text, 'a holder who owns nothing').toBe(`${assignedCsvHeader.join(',')}\r\n`)
  })
})
