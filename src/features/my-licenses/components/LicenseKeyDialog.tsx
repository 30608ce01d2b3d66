import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'
import type { License } from '@/common/contract'
import { credentialSource, feedSetup, packageFeed, packageFeedSource } from '@/src/content/package-feed'
import { CodeSnippet } from '@/src/ui/CodeSnippet'
import { CopyField } from '@/src/ui/CopyField'
import { FormDialog } from '@/src/ui/FormDialog'
import type { selectKeyRotation } from '@/src/ui/key-rotation/key-rotation.select'
import { RegenerateKeyConfirm } from '@/src/ui/key-rotation/RegenerateKeyConfirm'
import { LicenseFileDownload } from '@/src/ui/license-file/LicenseFileDownload'
import type { SaveLicenseFile } from '@/src/ui/license-file/use-license-file'

interface LicenseKeyDialogProps {
  license: License | null
  username: string
  rotation: ReturnType<typeof selectKeyRotation>
  onClose: () => void
  onCopyAndClose: () => void
  onRegenerate: () => void
  onConfirmRegenerate: () => void
  onRetryRegenerate: () => void
  onCancelRegenerate: () => void
  /** Saves the downloaded license file (tests replace it). */
  saveLicenseFile?: SaveLicenseFile
}

/**
 * The License Key dialog: the feed credentials and setup for Commercial Plus, else the key; and
 * 'Regenerate key', whose confirmation takes the key's place until it is answered; and the seat's
 * license file for builds that check it offline.
 */
export function LicenseKeyDialog({
  license,
  username,
  rotation,
  onClose,
  onCopyAndClose,
  onRegenerate,
  onConfirmRegenerate,
  onRetryRegenerate,
  onCancelRegenerate,
  saveLicenseFile,
}: LicenseKeyDialogProps) {
  const plus = license?.priceId === 'commercial-plus'
  const source = license ? credentialSource(packageFeedSource(), license.id) : packageFeedSource()
  const setup = feedSetup(username, source)
  // Back from the confirmation, focus returns to the button that opened it.
  const regenerateButton = useRef<HTMLButtonElement>(null)
  const wasConfirming = useRef(false)
  useEffect(() => {
    if (wasConfirming.current && !rotation.confirming) regenerateButton.current?.focus()
    wasConfirming.current = rotation.confirming
  }, [rotation.confirming])
  return (
    <FormDialog opened={license !== null} onClose={onClose} title="License Key" size={plus ? 'xl' : 'md'}>
      {license && rotation.confirming && <RegenerateKeyConfirm rotation={rotation} askedBy="holder" onConfirm={onConfirmRegenerate} onRetry={onRetryRegenerate} onCancel={onCancelRegenerate} />}
      {license && !rotation.confirming && (
        <Stack>
          {rotation.done && (
            <Alert color="teal" role="status">
              Your new key is ready. The old key no longer works: update your CI secrets and NuGet feed credentials.
            </Alert>
          )}
          {plus ? (
            <>
              <Text size="sm">Add the private package feed to install Commercial Plus packages. Keep the password secret: it is your license key.</Text>
              <CopyField label="Package source" value={source} />
              <CopyField label="Username" value={username} />
              <CopyField label="Password" value={license.licenseKey} />
              <Tabs defaultValue="cli">
                <Tabs.List>
                  <Tabs.Tab value="cli">.NET CLI</Tabs.Tab>
                  <Tabs.Tab value="config">NuGet.config</Tabs.Tab>
                  <Tabs.Tab value="ci">CI</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="cli" pt="sm">
                  <CodeSnippet label="dotnet nuget add source" code={setup.command} />
                  <Text size="xs" mt={4}>
                    On Windows NuGet keeps the password encrypted. On macOS and Linux it cannot: use the NuGet.config tab instead.
                  </Text>
                </Tabs.Panel>
                <Tabs.Panel value="config" pt="sm">
                  <CodeSnippet label="NuGet.config" code={setup.nugetConfig} />
                  <Text size="xs" mt={4}>
                    Set the {packageFeed.secretName} environment variable to your license key; the file holds no secret.
                  </Text>
                </Tabs.Panel>
                <Tabs.Panel value="ci" pt="sm">
                  <CodeSnippet label="CI example" code={setup.ci} />
                </Tabs.Panel>
              </Tabs>
            </>
          ) : (
            <CopyField label="License key" value={license.licenseKey} />
          )}
          <LicenseFileDownload licenseId={license.id} saveFile={saveLicenseFile} />
          <Group justify="space-between">
            <Button ref={regenerateButton} variant="subtle" color="red" leftSection={<IconRefresh size={16} aria-hidden="true" />} disabled={!rotation.canRequest} onClick={onRegenerate}>
              Regenerate key
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button onClick={onCopyAndClose}>Copy and Close</Button>
            </Group>
          </Group>
        </Stack>
      )}
    </FormDialog>
  )
}
