import * as v from 'valibot'
import { createLicenseKeyring, defaultKeyOverlapDays, licenseFileLifetimeDays, type SigningKeySetting } from './license-signing-keys'

const keysName = 'LICENSE_SIGNING_KEYS'

/**
 * Production's license-signing settings: `LICENSE_SIGNING_KEYS`, a JSON list of
 * `{ "privateKey": "<PKCS#8 PEM>", "from": "<date>" }` (one key that signs now at least), and
 * `LICENSE_KEY_OVERLAP_DAYS`, how long a replaced key stays published. Every message names the
 * setting and never repeats its value: the error reaches the logs.
 */
export const licenseKeySettings = v.object({
  LICENSE_SIGNING_KEYS: v.pipe(
    v.string(`${keysName} is required`),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let listed: unknown
      try {
        listed = JSON.parse(dataset.value)
      } catch {
        listed = null
      }
      const entries = Array.isArray(listed) ? listed : []
      const shaped = entries.every((entry: Partial<SigningKeySetting>) => typeof entry?.privateKey === 'string' && typeof entry.from === 'string')
      if (entries.length === 0 || !shaped) {
        addIssue({ message: `${keysName} must be a JSON list of { "privateKey": "<PKCS#8 PEM>", "from": "<date>" }` })
        return NEVER
      }
      try {
        // Checked now, so that a bad key stops the start rather than the first download.
        createLicenseKeyring(entries as SigningKeySetting[]).signer()
      } catch (error) {
        addIssue({ message: `${keysName}: ${(error as Error).message}` })
        return NEVER
      }
      return entries as SigningKeySetting[]
    }),
  ),
  LICENSE_KEY_OVERLAP_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'LICENSE_KEY_OVERLAP_DAYS must be a number of days'),
      v.transform(Number),
      // A replaced key must outlive every file it signed.
      v.minValue(licenseFileLifetimeDays, `LICENSE_KEY_OVERLAP_DAYS must be at least ${licenseFileLifetimeDays} (a license file's life)`),
    ),
    String(defaultKeyOverlapDays),
  ),
})
