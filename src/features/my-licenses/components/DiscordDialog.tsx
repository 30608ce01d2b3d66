import { Anchor, Button, List, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import * as v from 'valibot'
import { discordNameSchema } from '@/common/contract'
import { discord } from '@/src/content/discord'
import { DialogActions, ErrorAlert, FormDialog } from '@/src/ui/FormDialog'

interface DiscordDialogProps {
  opened: boolean
  discordName: string
  error: string | null
  joining: boolean
  canJoin: boolean
  onNameChange: (value: string) => void
  onJoin: () => void
  onClose: () => void
}

/** Connect Discord: how to find the username, the input, and 'Join Prism Discord'. */
export function DiscordDialog(props: DiscordDialogProps) {
  return (
    <FormDialog opened={props.opened} onClose={props.onClose} title="Connect Discord">
      {/* Mounted per opening, so a field error of the last opening is gone. */}
      {props.opened && <DiscordForm {...props} />}
    </FormDialog>
  )
}

function DiscordForm(props: DiscordDialogProps) {
  // Discord's username rules are checked before sending, as the API checks them (the typed name stays).
  const [fieldError, setFieldError] = useState<string | null>(null)
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const checked = v.safeParse(discordNameSchema, props.discordName)
        if (checked.success) props.onJoin()
        else setFieldError(checked.issues[0].message)
      }}
    >
      <Stack>
        <Text size="sm">Commercial Plus includes the private Prism Discord server. To join:</Text>
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>
            Create a Discord account at{' '}
            <Anchor href={discord.registerUrl} target="_blank" rel="noopener noreferrer">
              {discord.registerLabel} (opens in a new tab)
            </Anchor>{' '}
            if you do not have one.
          </List.Item>
          <List.Item>In Discord, open User Settings, then My Account: your username is shown there.</List.Item>
          <List.Item>Enter that username below and join.</List.Item>
        </List>
        <ErrorAlert message={props.error} />
        <TextInput
          label="Discord username"
          value={props.discordName}
          error={fieldError}
          onChange={(event) => {
            setFieldError(null)
            props.onNameChange(event.currentTarget.value)
          }}
          autoComplete="off"
          data-autofocus
        />
        <DialogActions onCancel={props.onClose}>
          <Button type="submit" disabled={!props.canJoin} loading={props.joining}>
            Join Prism Discord
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}
