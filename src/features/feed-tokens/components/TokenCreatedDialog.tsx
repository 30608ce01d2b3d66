import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { credentialSource, feedTokenSetup, packageFeedSource } from '@/src/content/package-feed'
import { CodeSnippet } from '@/src/ui/CodeSnippet'
import { CopyField } from '@/src/ui/CopyField'
import { FormDialog } from '@/src/ui/FormDialog'

interface TokenCreatedDialogProps {
  created: { id: string; name: string; username: string; secret: string } | null
  onClose: () => void
}

/** A new token's secret, shown this once, with what a build needs to use it. */
export function TokenCreatedDialog({ created, onClose }: TokenCreatedDialogProps) {
  const { secretName, nugetConfig } = feedTokenSetup(created ? credentialSource(packageFeedSource(), created.id) : packageFeedSource())
  return (
    <FormDialog opened={created !== null} onClose={onClose} title="Feed token created" size="xl">
      {created && (
        <Stack>
          <Alert color="red" title="Copy the secret now">
            It won&apos;t be shown again. If it is lost, revoke the token and create another.
          </Alert>
          <Text size="sm" className="typed-text">
            The feed token <strong>{created.name}</strong> signs in to the private package feed with this username and secret.
          </Text>
          <CopyField label="Username" value={created.username} />
          <CopyField label="Secret" value={created.secret} />
          <CodeSnippet label="NuGet.config" code={nugetConfig} />
          <Text size="xs">Set the {secretName} environment variable of the build to the secret (a CI secret); the file holds no secret.</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </FormDialog>
  )
}
