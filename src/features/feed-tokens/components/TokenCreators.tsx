import { Badge, Group, Stack, Text, Title } from '@mantine/core'
import { RowButton } from '@/src/ui/ListTable'
import type { CreatorEntry } from '../feed-tokens.select'
import { attentionColor } from '@/src/ui/theme'

interface TokenCreatorsProps {
  creators: CreatorEntry[]
  canRevoke: boolean
  onRevokeAll: (oid: string) => void
}

/**
 * Who made the tokens listed, each with how many and 'Revoke all': when someone leaves or changes
 * role, the tokens they made for their builds are found and stopped at once. Those who no longer
 * manage feed tokens come first.
 */
export function TokenCreators({ creators, canRevoke, onRevokeAll }: TokenCreatorsProps) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="token-creators">
      <Title order={2} size="h4" id="token-creators">
        Tokens by person
      </Title>
      <Stack gap="xs" component="ul" aria-labelledby="token-creators" p={0} m={0} style={{ listStyle: 'none' }}>
        {creators.map((creator) => (
          <Group component="li" key={creator.oid} justify="space-between" wrap="nowrap">
            <div>
              <Text className="typed-text">
                {creator.name}{' '}
                <Text span size="sm" c="dimmed">
                  ({creator.email})
                </Text>
                : {creator.tokens}
              </Text>
              {creator.gone && (
                <Badge color={attentionColor} autoContrast>
                  {creator.gone}
                </Badge>
              )}
            </div>
            <RowButton color="red" disabled={!canRevoke} aria-label={`Revoke all tokens by ${creator.name}`} onClick={() => onRevokeAll(creator.oid)}>
              Revoke all
            </RowButton>
          </Group>
        ))}
      </Stack>
    </Stack>
  )
}
