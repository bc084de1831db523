// Exchange profiles: the embedded paper exchange and the user's remote venues. The list follows profiles.onChange,
// so every window shows the same list and the same active profile. Keys are passed straight from the form to main
// (profiles.add / setSecrets) and never kept here: the only view of them is the masked SecretStatus.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { InputOf } from '@shared/ipc/contract-kit'
import type { TerminalContract } from '@shared/ipc/contract'
import type { ProfilesView, ProfileView, SecretStatusView } from '@shared/ipc/views/profiles'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'

export type AddProfileInput = InputOf<TerminalContract, 'profiles.add'>
export type ProfilePatch = InputOf<TerminalContract, 'profiles.update'>['patch']
export type SecretsInput = Omit<InputOf<TerminalContract, 'profiles.setSecrets'>, 'profileId'>

export const useProfilesStore = defineStore('profiles', () => {
  const list = shallowRef<ProfileView[]>([])
  const activeId = ref<string | null>(null)
  const recovery = shallowRef<ProfilesView['recovery']>(null)
  const loaded = ref(false)
  const error = ref<string | null>(null)
  /** Masked key status by profile id. */
  const keys = ref<Record<string, SecretStatusView>>({})
  let off: (() => void) | null = null

  const active = computed(() => list.value.find((p) => p.id === activeId.value) ?? null)

  function start(): void {
    off ??= liveSubscribe(
      'profiles.onChange',
      {},
      (v) => {
        list.value = v.profiles
        activeId.value = v.activeProfileId
        recovery.value = v.recovery
        loaded.value = true
        error.value = null
        // Keys may have changed in another window: every change refreshes every status (a handful of profiles).
        for (const p of v.profiles) void refreshKeys(p.id).catch(() => undefined)
      },
      { onEnd: (e) => e && (error.value = e.message) }
    )
  }

  async function refreshKeys(profileId: string): Promise<SecretStatusView> {
    return setKeys(profileId, await terminal().invoke('profiles.secretStatus', { profileId }))
  }
  function setKeys(profileId: string, s: SecretStatusView): SecretStatusView {
    keys.value = { ...keys.value, [profileId]: s }
    return s
  }

  async function add(input: AddProfileInput): Promise<ProfileView> {
    const r = await terminal().invoke('profiles.add', input)
    setKeys(r.profile.id, r.secretStatus)
    return r.profile
  }
  const update = (profileId: string, patch: ProfilePatch): Promise<ProfileView> =>
    terminal().invoke('profiles.update', { profileId, patch })
  async function remove(profileId: string): Promise<void> {
    await terminal().invoke('profiles.remove', { profileId })
    const { [profileId]: _gone, ...rest } = keys.value
    keys.value = rest
  }
  async function setActive(profileId: string): Promise<void> {
    await terminal().invoke('profiles.setActive', { profileId })
    activeId.value = profileId // onChange confirms; the switcher should not flicker back meanwhile
  }
  const setSecrets = async (profileId: string, s: SecretsInput): Promise<SecretStatusView> =>
    setKeys(profileId, await terminal().invoke('profiles.setSecrets', { profileId, ...s }))
  const deleteSecrets = async (profileId: string): Promise<SecretStatusView> =>
    setKeys(profileId, await terminal().invoke('profiles.deleteSecrets', { profileId }))

  return {
    list,
    activeId,
    active,
    recovery,
    loaded,
    error,
    keys,
    start,
    refreshKeys,
    add,
    update,
    remove,
    setActive,
    setSecrets,
    deleteSecrets
  }
})
