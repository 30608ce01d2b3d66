import type { ComponentType, ReactNode } from 'react'
import { Alert, Button, Group, Modal, type ModalProps } from '@mantine/core'

interface FormDialogProps {
  opened: boolean
  title: string
  onClose: () => void
  size?: ModalProps['size']
  children: ReactNode
}

/**
 * A dialog of the account area: Mantine's Modal rendered in place (no portal, so it sits in the
 * page's tree and the tests' screen) with its corner button named 'Close'. Focus goes to the
 * element marked `data-autofocus` (or `autoFocus`), and back to the opener on close.
 */
export function FormDialog({ opened, title, onClose, size, children }: FormDialogProps) {
  return (
    <Modal withinPortal={false} closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} title={title} size={size}>
      {children}
    </Modal>
  )
}

interface FreshFormDialogProps<P extends { opened: boolean; onClose: () => void }> {
  title: string
  /** The dialog's form, given the dialog's props. */
  form: ComponentType<P>
  props: P
}

/** A FormDialog whose form is mounted per opening, so the typed values start afresh and stay through a failure. */
export function FreshFormDialog<P extends { opened: boolean; onClose: () => void }>({ title, form: Form, props }: FreshFormDialogProps<P>) {
  return (
    <FormDialog opened={props.opened} onClose={props.onClose} title={title}>
      {props.opened && <Form {...props} />}
    </FormDialog>
  )
}

interface ErrorAlertProps {
  /** What went wrong; without a message there is no alert. */
  message: ReactNode
  title?: string
  /** Given, the alert has a 'Dismiss' button. */
  onDismiss?: () => void
  mb?: string
}

/** The red alert that says a failure: an ARIA alert, so a screen reader reads it out when it appears. */
export function ErrorAlert({ message, title, onDismiss, mb }: ErrorAlertProps) {
  if (message === null || message === undefined || message === false || message === '') return null
  return (
    <Alert color="red" role="alert" title={title} withCloseButton={onDismiss !== undefined} closeButtonLabel="Dismiss" onClose={onDismiss} mb={mb}>
      {message}
    </Alert>
  )
}

interface DialogActionsProps {
  onCancel: () => void
  /** While the dialog's request runs, Cancel cannot be pressed. */
  busy?: boolean
  cancelLabel?: string
  /** Focus starts on Cancel, the safe choice. */
  autoFocusCancel?: boolean
  /** The dialog's own buttons, after Cancel. */
  children?: ReactNode
}

/** A dialog's buttons at its foot: Cancel, then the dialog's own. */
export function DialogActions({ onCancel, busy, cancelLabel = 'Cancel', autoFocusCancel, children }: DialogActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={busy} autoFocus={autoFocusCancel}>
        {cancelLabel}
      </Button>
      {children}
    </Group>
  )
}
