import { useSelector } from '@xstate/react'
import { licenseFileName } from '@/common/license-file'
import { licenseFileMachine } from '@/machines/license-file.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { useAppActorRef } from '@/src/ui/app-actors'
import { saveTextFile } from '@/src/ui/save-file'
import { licenseFileActors } from './license-file.actors'
import { selectLicenseFile } from './license-file.select'

/** Saves a license file as the browser's download (prism-license.jwt); tests replace it. */
export type SaveLicenseFile = (file: string) => void
export const saveLicenseFile: SaveLicenseFile = (file) => saveTextFile(file, licenseFileName, 'application/jwt')

/** A page's license-file downloads: the machine, what it shows, and the events its views send. */
export function useLicenseFile(saveFile: SaveLicenseFile = saveLicenseFile) {
  const { api } = useAccountServices()
  const actor = useAppActorRef(licenseFileMachine.provide({ actors: licenseFileActors(api), actions: { saveFile: (_, params) => saveFile(params.file) } }))
  const view = useSelector(actor, selectLicenseFile)
  return {
    ...view,
    download: (licenseId: string) => actor.send({ type: 'file.download', licenseId }),
    dismiss: () => actor.send({ type: 'error.dismiss' }),
  }
}
export type LicenseFileView = ReturnType<typeof useLicenseFile>
