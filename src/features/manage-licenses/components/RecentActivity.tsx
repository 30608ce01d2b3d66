import { Button, Skeleton, Stack, Text } from '@mantine/core'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { ErrorAlert } from '@/src/ui/FormDialog'
import type { selectActivity } from '../activity.select'

interface RecentActivityProps {
  activity: ReturnType<typeof selectActivity>
  onRetry: () => void
  onShowMore: () => void
}

/** Who did what to the licenses, newest first, below the table. */
export function RecentActivity({ activity, onRetry, onShowMore }: RecentActivityProps) {
  return (
    <section aria-labelledby="activity-title" aria-busy={activity.loading || activity.refreshing || activity.loadingMore}>
      <Text id="activity-title" component="h2" fw={700} fz="lg" mb="sm">
        Recent activity
      </Text>
      {activity.loading && (
        <Stack gap="xs" role="status" aria-label="Loading recent activity">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={20} radius="sm" />
          ))}
        </Stack>
      )}
      {activity.error && <LoadFailed title="Recent activity could not be loaded" message={activity.error} onRetry={onRetry} />}
      {activity.empty && <Text c="dimmed">No activity yet.</Text>}
      {!activity.loading && !activity.error && !activity.empty && (
        <Stack gap="sm" align="flex-start">
          <ul className="activity-list" aria-labelledby="activity-title">
            {activity.entries.map((entry) => (
              <li key={entry.id}>
                <Text size="sm" className="typed-text">
                  {entry.text}
                </Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={entry.at}>{entry.when}</time>
                </Text>
              </li>
            ))}
          </ul>
          <ErrorAlert message={activity.moreError} />
          {activity.showMore && (
            <Button size="xs" variant="default" loading={activity.loadingMore} onClick={onShowMore}>
              Show more
            </Button>
          )}
        </Stack>
      )}
    </section>
  )
}
