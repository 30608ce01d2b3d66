import { Stack, Title } from '@mantine/core'
import { shallowEqual, useSelector } from '@xstate/react'
import { useAppActorRef } from '@/src/ui/app-actors'
import { profileMachine } from '@/machines/profile.machine'
import { useAccountServices } from '@/src/ui/account-services'
import { LoadingScreen } from '@/src/ui/LoadingScreen'
import { LoadFailed } from '@/src/ui/LoadFailed'
import { profileActors } from '../profile.actors'
import { selectProfile } from '../profile.select'
import { ProfileForm } from './ProfileForm'
import '../profile.css'

export function ProfilePage() {
  const { api, session } = useAccountServices()
  // A saved change reaches the session, whose user menu shows the name.
  const profile = useAppActorRef(profileMachine.provide({ actors: profileActors(api) }), { input: { session } })
  const view = useSelector(profile, selectProfile, shallowEqual)
  return (
    <Stack maw={820}>
      <Title order={1}>Profile</Title>
      {view.loading && <LoadingScreen />}
      {view.failed && <LoadFailed title="Your profile could not be loaded" message={view.error} onRetry={() => profile.send({ type: 'profile.reload' })} />}
      {view.account && (
        <ProfileForm
          account={view.account}
          saving={view.saving}
          saved={view.saved}
          error={view.failed ? null : view.error}
          onSave={(fields) => profile.send({ type: 'profile.save', fields })}
          onDismissNotice={() => profile.send({ type: 'notice.dismiss' })}
        />
      )}
    </Stack>
  )
}
