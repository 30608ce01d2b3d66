import { Button, Group, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { licenseFileName, licenseFileVariable } from '@/common/license-file'
import { LicenseFileError } from './LicenseFileError'
import { useLicenseFile, type SaveLicenseFile } from './use-license-file'

interface LicenseFileDownloadProps {
  licenseId: string
  /** Saves the file (tests replace it). */
  saveFile?: SaveLicenseFile
}

/** The License Key dialog's 'Download license file': the seat's signed file for builds that check it offline. */
export function LicenseFileDownload({ licenseId, saveFile }: LicenseFileDownloadProps) {
  const licenseFile = useLicenseFile(saveFile)
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap">
        {/* The button keeps its whole label; the hint beside it wraps. */}
        <Button
          style={{ flexShrink: 0 }}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={licenseFile.downloading !== null}
          disabled={!licenseFile.canDownload}
          onClick={() => licenseFile.download(licenseId)}
        >
          Download license file
        </Button>
        <Text size="xs">
          For builds that check the license offline: keep it as {licenseFileName} beside your solution, or set {licenseFileVariable} to its path.
        </Text>
      </Group>
      <LicenseFileError licenseFile={licenseFile} />
    </Stack>
  )
}
