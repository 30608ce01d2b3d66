import { ErrorAlert } from '@/src/ui/FormDialog'
import type { LicenseFileView } from './use-license-file'

/** Why the last license file could not be downloaded, with Dismiss, until dismissed or asked again. */
export function LicenseFileError({ licenseFile }: { licenseFile: Pick<LicenseFileView, 'error' | 'dismiss'> }) {
  return <ErrorAlert title="The license file could not be downloaded" message={licenseFile.error} onDismiss={licenseFile.dismiss} />
}
