/**
 * Stripe's rules for a yearly plan, written out here rather than read from the sandbox or the
 * portal, so that tests check what they show against them: a period ends on the same day and time a year later (29
 * February on 28 February), and a mid-period change charges the new plan for the time left and
 * credits the old one for it, each line in proportion to the seconds left and rounded to the cent.
 */
export const yearlyPlan = {
  periodEnd(start: number): number {
    const date = new Date(start * 1000)
    const end = new Date(Date.UTC(date.getUTCFullYear() + 1, date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()))
    if (end.getUTCMonth() !== date.getUTCMonth()) end.setUTCDate(0)
    return end.getTime() / 1000
  },
  /** What changing from `from` to `to` cents a seat per year, at `at`, charges now. */
  proratedCharge(change: { from: number; to: number; seats: number; start: number; at: number }): number {
    const end = yearlyPlan.periodEnd(change.start)
    const left = (end - change.at) / (end - change.start)
    return Math.round(change.to * change.seats * left) - Math.round(change.from * change.seats * left)
  },
}
