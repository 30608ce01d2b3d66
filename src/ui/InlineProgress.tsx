import { Group, Loader, Text } from '@mantine/core'

/**
 * Something under way, in a line: a spinner (hidden from screen readers) and what is happening,
 * announced politely. `compact` for a line beside a control (a switch) rather than in a step.
 */
export function InlineProgress({ children, compact = false }: { children: string; compact?: boolean }) {
  return (
    <Group gap="xs" role="status" aria-live="polite">
      <Loader size={compact ? 'xs' : 'sm'} aria-hidden="true" />
      <Text size={compact ? 'sm' : undefined}>{children}</Text>
    </Group>
  )
}
