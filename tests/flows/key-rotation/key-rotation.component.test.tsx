// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MyLicensesPage } from '@/src/features/my-licenses/components/MyLicensesPage'
import { pendingApi, renderAccountPage } from '@/tests/support/pending-api'
import { plusLicense } from '@/testkit/flows/my-licenses/my-licenses.model'
import { account } from '@/testkit/flows/session/session.model'

const newKey = 'PRSM-NEWKY-11111-22222-33333-44444'
const keyDialog = () => within(screen.getByRole('dialog', { name: 'License Key' }))
const password = () => (keyDialog().getByRole('textbox', { name: 'Password' }) as HTMLInputElement).value

/** My Licenses with the Commercial Plus seat, its License Key dialog open. */
async function openKeyDialog() {
  const pending = pendingApi()
  renderAccountPage(() => <MyLicensesPage />, { api: pending.api, account: { ...account, email: plusLicense.accountEmail } })
  await pending.settle('licenses', { output: [plusLicense] })
  fireEvent.click(within(screen.getByRole('article', { name: 'Commercial Plus' })).getByRole('button', { name: 'License Key' }))
  return pending
}

describe("the seat holder's key rotation, from the License Key dialog", () => {
  it('asks first: the old key stops working at once, CI secrets and feed credentials must change; Cancel keeps the key', async () => {
    const pending = await openKeyDialog()
    fireEvent.click(keyDialog().getByRole('button', { name: 'Regenerate key' }))
    expect(keyDialog().getByText('Regenerate your license key? The old key stops working at once: update your CI secrets and NuGet feed credentials with the new key.')).toBeTruthy()
    expect(keyDialog().queryByRole('textbox', { name: 'Password' })).toBeNull()
    fireEvent.click(keyDialog().getByRole('button', { name: 'Cancel' }))
    expect(password()).toBe(plusLicense.licenseKey)
    expect(document.activeElement).toBe(keyDialog().getByRole('button', { name: 'Regenerate key' }))
    expect(pending.calls('regenerateKey')).toEqual([])
  })

  it('sends one request however often it is pressed, then shows the new key in the dialog and on the card', async () => {
    const pending = await openKeyDialog()
    fireEvent.click(keyDialog().getByRole('button', { name: 'Regenerate key' }))
    fireEvent.click(keyDialog().getByRole('button', { name: 'Regenerate key' }))
    fireEvent.click(keyDialog().getByRole('button', { name: 'Regenerate key' }))
    expect(keyDialog().getByRole('button', { name: 'Regenerate key' }).hasAttribute('data-loading')).toBe(true)
    expect((keyDialog().getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
    // Escape does not close the dialog while the new key is on its way.
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'License Key' }), { key: 'Escape' })
    expect(screen.getByRole('dialog', { name: 'License Key' })).toBeTruthy()
    expect(pending.calls('regenerateKey')).toEqual([[plusLicense.id, expect.any(AbortSignal)]])
    await pending.settle('regenerateKey', { output: { licenseId: plusLicense.id, licenseKey: newKey } })
    expect(keyDialog().getByRole('status').textContent).toBe('Your new key is ready. The old key no longer works: update your CI secrets and NuGet feed credentials.')
    expect(password()).toBe('PRSM-NEWKY-11111-22222-33333-44444')
    fireEvent.click(keyDialog().getAllByRole('button', { name: 'Close' }).at(-1)!)
    fireEvent.click(within(screen.getByRole('article', { name: 'Commercial Plus' })).getByRole('button', { name: 'License Key' }))
    expect(password()).toBe('PRSM-NEWKY-11111-22222-33333-44444')
    expect(keyDialog().queryByRole('status')).toBeNull()
  })

  it('keeps the old key and says why on a failure; Try again sends again', async () => {
    const pending = await openKeyDialog()
    fireEvent.click(keyDialog().getByRole('button', { name: 'Regenerate key' }))
    fireEvent.click(keyDialog().getByRole('button', { name: 'Regenerate key' }))
    await pending.settle('regenerateKey', { error: new Error("The requested information couldn't be found. Please try again or contact support.") })
    expect(keyDialog().getByRole('alert').textContent).toBe("The requested information couldn't be found. Please try again or contact support.")
    expect(keyDialog().getByText(/The old key stops working at once/)).toBeTruthy()
    await act(async () => fireEvent.click(keyDialog().getByRole('button', { name: 'Try again' })))
    expect(pending.calls('regenerateKey')).toHaveLength(2)
    await pending.settle('regenerateKey', { output: { licenseId: plusLicense.id, licenseKey: newKey } })
    expect(password()).toBe('PRSM-NEWKY-11111-22222-33333-44444')
  })

  it('closes with Escape from the confirmation, and opens again on the key as it was', async () => {
    await openKeyDialog()
    fireEvent.click(keyDialog().getByRole('button', { name: 'Regenerate key' }))
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'License Key' }), { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: 'License Key' })).toBeNull()
    fireEvent.click(within(screen.getByRole('article', { name: 'Commercial Plus' })).getByRole('button', { name: 'License Key' }))
    expect(password()).toBe(plusLicense.licenseKey)
  })
})
