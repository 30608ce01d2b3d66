import { Alert, Badge, Button, Group, Skeleton, SimpleGrid, Stack, Title } from '@mantine/core'
import { IconArrowUpRight } from '@tabler/icons-react'
import { useSelector } from '@xstate/react'
import { useAppActorRef } from '@/src/ui/app-actors'
import type { ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import { activityMachine } from '@/machines/activity.machine'
import { keyRotationMachine } from '@/machines/key-rotation.machine'
import { manageLicensesMachine } from '@/machines/manage-licenses.machine'
import { assignmentMailMachine } from '@/machines/assignment-mail.machine'
import type { upgradeMachine } from '@/machines/upgrade.machine'
import { findPlan, plans, upgradePaths } from '@/common/plans'
import type { MemberRole } from '@/common/contract'
import { may } from '@/common/roles'
import { useAccountServices } from '@/src/ui/account-services'
import { keyRotationActors } from '@/src/ui/key-rotation/key-rotation.actors'
import { selectKeyRotation } from '@/src/ui/key-rotation/key-rotation.select'
import { RegenerateKeyDialog } from '@/src/ui/key-rotation/RegenerateKeyDialog'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { activityActors } from '../activity.actors'
import { selectActivity } from '../activity.select'
import { fullName } from '../license-table'
import { manageLicensesActors } from '../manage-licenses.actors'
import { assignmentMailActors, selectAssignmentMail } from '../assignment-mail.actors'
import { ErrorAlert } from '@/src/ui/FormDialog'
import { Notice } from '@/src/ui/Notice'
import { selectAssignDialog, selectBulkDialog, selectManageLicenses, selectPurchaseDialog, selectUnassignDialog } from '../manage-licenses.select'
import { AssignDialog } from './AssignDialog'
import { AssignedCsvDownload } from './AssignedCsvDownload'
import { LicenseFileError } from '@/src/ui/license-file/LicenseFileError'
import { useLicenseFile, type SaveLicenseFile } from '@/src/ui/license-file/use-license-file'
import { AssignedTable } from './AssignedTable'
import { BulkAssignDialog } from './BulkAssignDialog'
import { PurchaseDialog } from './PurchaseDialog'
import { RecentActivity } from './RecentActivity'
import { RenewalPanel } from './RenewalPanel'
import { StatTiles } from './StatTiles'
import { UnassignDialog } from './UnassignDialog'
import { leaveSiteFor } from '@/src/ui/leave-site'
import '../manage-licenses.css'

export type UpgradeLogic = typeof upgradeMachine
export type UpgradeRef = ActorRefFrom<typeof upgradeMachine>

interface ManageLicensesPageProps {
  checkoutReturned: boolean
  /** The upgrade wizard's machine with its actors; the route supplies it. */
  upgradeLogic: UpgradeLogic
  /** Renders the wizard for the running child, or closed when there is none; the route composes the upgrade feature. */
  renderUpgrade: (upgrade: UpgradeRef | undefined) => ReactNode
  /** Leaves for the hosted checkout (tests replace it). */
  goToCheckout?: (url: string) => void
  /** Saves the assigned seats' CSV (tests replace it). */
  saveCsv?: (csv: string) => void
  /** Saves a seat's license file (tests replace it). */
  saveLicenseFile?: SaveLicenseFile
  /** The caller's role in the organisation (issue 30); left out, an owner's. */
  role?: MemberRole
}

/**
 * Manage Licenses (spec section 2): tiles, the assigned table, and the assign / purchase / upgrade
 * dialogs, as the caller's role allows. A billing manager sees no seats, so their activity is not
 * asked for either.
 */
export function ManageLicensesPage(props: ManageLicensesPageProps) {
  return may(props.role ?? 'owner', 'seats') ? <WithSeatActivity {...props} /> : <ManageLicenses {...props} />
}

/** The page with Recent activity under its seats, refreshed by every change made here. */
function WithSeatActivity(props: ManageLicensesPageProps) {
  const { api } = useAccountServices()
  const activity = useAppActorRef(activityMachine.provide({ actors: activityActors(api) }))
  const activityView = useSelector(activity, selectActivity)
  return (
    <ManageLicenses
      {...props}
      // Every change made here shows at the top of Recent activity: the machines that make one tell it.
      activityRef={activity}
      activity={<RecentActivity activity={activityView} onRetry={() => activity.send({ type: 'activity.reload' })} onShowMore={() => activity.send({ type: 'activity.more' })} />}
    />
  )
}

function ManageLicenses({
  checkoutReturned,
  upgradeLogic,
  renderUpgrade,
  goToCheckout = leaveSiteFor,
  saveCsv,
  saveLicenseFile,
  role,
  activityRef,
  activity,
}: ManageLicensesPageProps & { activityRef?: ActorRefFrom<typeof activityMachine>; activity?: ReactNode }) {
  const { api } = useAccountServices()
  const manage = useAppActorRef(
    manageLicensesMachine.provide({
      actors: { ...manageLicensesActors(api, window.location.origin), upgrade: upgradeLogic },
      actions: { goToCheckout: (_, { url }) => goToCheckout(url) },
    }),
    { input: { checkoutReturned, plans, upgradePaths, role, activity: activityRef } },
  )
  const rotation = useAppActorRef(keyRotationMachine.provide({ actors: keyRotationActors(api) }), { input: { activity: activityRef } })
  const view = useSelector(manage, selectManageLicenses)
  const assign = useSelector(manage, selectAssignDialog)
  const bulk = useSelector(manage, selectBulkDialog)
  const unassign = useSelector(manage, selectUnassignDialog)
  const purchase = useSelector(manage, selectPurchaseDialog)
  const upgrade = useSelector(manage, (snapshot) => snapshot.children.upgrade as UpgradeRef | undefined)
  const rotationView = useSelector(rotation, selectKeyRotation)
  // A pending seat's mail again (issue 30); a mail the caps put off or dropped is a line of the activity.
  const mail = useAppActorRef(assignmentMailMachine.provide({ actors: assignmentMailActors(api) }), { input: { activity: activityRef } })
  const mailView = useSelector(mail, selectAssignmentMail)
  const licenseFile = useLicenseFile(saveLicenseFile)
  const close = () => manage.send({ type: 'dialog.close' })
  const priceId = view.stats?.priceId
  const upgradeTarget = priceId ? upgradePaths[priceId][0] : undefined

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Group gap="sm" align="center">
          <Title order={1}>Manage Licenses</Title>
          {view.upgradeBadge && (
            <Badge
              component="button"
              type="button"
              size="lg"
              variant="filled"
              color="teal.9"
              rightSection={<IconArrowUpRight size={14} aria-hidden="true" />}
              style={{ cursor: 'pointer' }}
              disabled={!view.canOpenUpgrade}
              onClick={() => manage.send({ type: 'upgrade.open' })}
            >
              Upgrade
            </Badge>
          )}
        </Group>
        {view.headerAction === 'assign' && (
          <Button disabled={!view.headerEnabled} onClick={() => manage.send({ type: 'assign.open' })}>
            Assign License
          </Button>
        )}
        {view.headerAction === 'purchase' && (
          <Button disabled={!view.headerEnabled} onClick={() => manage.send({ type: 'purchase.open' })}>
            Buy Additional Licenses
          </Button>
        )}
      </Group>

      {view.notice && (
        <Alert color="teal" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => manage.send({ type: 'notice.dismiss' })}>
          {view.notice}
        </Alert>
      )}

      {view.loading && (
        <Stack role="status" aria-busy="true" aria-label="Loading your licenses">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} height={96} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton height={220} radius="md" />
        </Stack>
      )}

      {view.failed && <LoadFailed title="Your licenses could not be loaded" message={view.error} onRetry={() => manage.send({ type: 'licenses.reload' })} />}

      {view.showsLicenses && view.stats && (
        <>
          <StatTiles
            stats={view.stats}
            upgradeLabel={view.upgradeTileAction && upgradeTarget ? `Upgrade to ${findPlan(upgradeTarget)?.name}` : null}
            canUpgrade={view.canOpenUpgrade}
            onUpgrade={() => manage.send({ type: 'upgrade.open' })}
          />
          <Notice notice={mailView.notice} onDismiss={() => mail.send({ type: 'notice.dismiss' })} />
          <ErrorAlert message={mailView.error} onDismiss={() => mail.send({ type: 'notice.dismiss' })} />
          <LicenseFileError licenseFile={licenseFile} />
          {view.showsSeats && (
            <AssignedTable
              licenses={view.assigned}
              canUnassign={view.canUnassign}
              onUnassign={(license) => manage.send({ type: 'unassign.request', license })}
              canRegenerate={view.canUnassign && rotationView.canRequest}
              onRegenerate={(license) => rotation.send({ type: 'rotation.request', seat: { licenseId: license.id, holderName: fullName(license), holderEmail: license.email } })}
              tools={<AssignedCsvDownload saveFile={saveCsv} />}
              resend={{ enabled: view.canUnassign && mailView.idle, sending: mailView.sending, onResend: (license) => mail.send({ type: 'mail.resend', license }) }}
              licenseFile={{ enabled: licenseFile.canDownload, downloading: licenseFile.downloading, onDownload: (license) => licenseFile.download(license.id) }}
            />
          )}
          {/* The renewals are billing's: a seat manager is not shown them (issue 30). */}
          {may(role ?? 'owner', 'billing') && <RenewalPanel />}
          {view.showsSeats && activity}
        </>
      )}

      <AssignDialog
        opened={view.dialog === 'assign'}
        submitting={assign.submitting}
        error={assign.error}
        onAssign={(assignee) => manage.send({ type: 'assign.submit', assignee })}
        onAssignSeveral={() => manage.send({ type: 'bulk.open' })}
        onClose={close}
      />
      <BulkAssignDialog
        opened={view.dialog === 'bulk'}
        {...bulk}
        onChange={(lines) => manage.send({ type: 'bulk.change', lines })}
        onSubmit={() => manage.send({ type: 'bulk.submit' })}
        onClose={close}
      />
      <UnassignDialog
        license={view.dialog === 'unassign' ? unassign.license : null}
        removing={unassign.removing}
        error={unassign.error}
        onConfirm={() => manage.send({ type: 'unassign.confirm' })}
        onClose={close}
      />
      <PurchaseDialog
        opened={view.dialog === 'purchase'}
        {...purchase}
        onSeatsChange={(seats) => manage.send({ type: 'seats.change', seats })}
        onCheckout={() => manage.send({ type: 'checkout.start' })}
        onPayByInvoice={() => manage.send({ type: 'invoice.open' })}
        onInvoiceSubmit={(draft) => manage.send({ type: 'invoice.submit', draft })}
        onClose={close}
      />
      <RegenerateKeyDialog
        rotation={rotationView}
        onConfirm={() => rotation.send({ type: 'rotation.confirm' })}
        onRetry={() => rotation.send({ type: 'rotation.retry' })}
        onClose={() => rotation.send({ type: 'rotation.close' })}
      />
      {renderUpgrade(view.dialog === 'upgrade' ? upgrade : undefined)}
    </Stack>
  )
}
