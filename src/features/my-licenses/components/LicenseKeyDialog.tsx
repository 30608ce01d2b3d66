import { ActionIcon, Button, Code, CopyButton, Group, Modal, Stack, Tabs, Text, TextInput, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import type { License } from '../../../api/contract'
import { feedSetup, packageFeed } from '../../../content/package-feed'

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}>
                {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  )
}

function Snippet({ label, code }: { label: string; code: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" onClick={copy} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {/* A long line scrolls: the block takes focus so the keyboard can scroll it too. */}
      <Code block tabIndex={0} role="region" aria-label={label}>
        {code}
      </Code>
    </Stack>
  )
}

interface LicenseKeyDialogProps {
  license: License | null
  username: string
  onClose: () => void
  onCopyAndClose: () => void
}

/** The License Key dialog: the feed credentials and setup for Commercial Plus, else the key. */
export function LicenseKeyDialog({ license, username, onClose, onCopyAndClose }: LicenseKeyDialogProps) {
  const plus = license?.priceId === 'commercial-plus'
  const setup = feedSetup(username)
  return (
    <Modal withinPortal={false} closeButtonProps={{ 'aria-label': 'Close' }} opened={license !== null} onClose={onClose} title="License Key" size={plus ? 'xl' : 'md'}>
      {license && (
        <Stack>
          {plus ? (
            <>
              <Text size="sm">Add the private package feed to install Commercial Plus packages. Keep the password secret: it is your license key.</Text>
              <CopyField label="Package source" value={packageFeed.source} />
              <CopyField label="Username" value={username} />
              <CopyField label="Password" value={license.licenseKey} />
              <Tabs defaultValue="cli">
                <Tabs.List>
                  <Tabs.Tab value="cli">.NET CLI</Tabs.Tab>
                  <Tabs.Tab value="config">NuGet.config</Tabs.Tab>
                  <Tabs.Tab value="ci">CI</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="cli" pt="sm">
                  <Snippet label="dotnet nuget add source" code={setup.command} />
                  <Text size="xs" mt={4}>
                    On Windows NuGet keeps the password encrypted. On macOS and Linux it cannot: use the NuGet.config tab instead.
                  </Text>
                </Tabs.Panel>
                <Tabs.Panel value="config" pt="sm">
                  <Snippet label="NuGet.config" code={setup.nugetConfig} />
                  <Text size="xs" mt={4}>
                    Set the {packageFeed.secretName} environment variable to your license key; the file holds no secret.
                  </Text>
                </Tabs.Panel>
                <Tabs.Panel value="ci" pt="sm">
                  <Snippet label="CI example" code={setup.ci} />
                </Tabs.Panel>
              </Tabs>
            </>
          ) : (
            <CopyField label="License key" value={license.licenseKey} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={onCopyAndClose}>Copy and Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
