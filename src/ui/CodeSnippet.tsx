import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core'

/** A block of setup code (a command, a NuGet.config) under its label, with a copy button. */
export function CodeSnippet({ label, code }: { label: string; code: string }) {
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
