// The profile a window shows: the active one, as main last told (profiles.onChange) or as this window just chose.
// Every store that holds a profile's data names this id in each request and stream (main never has to guess whose
// data a stream carries) and empties itself the moment the id changes, synchronously, before anything renders: no
// view ever shows one account's data under another account's name.
import { watch } from 'vue'
import { useProfilesStore } from './profiles'

/** The window's profile id; null before the profile list is known (main then serves its active profile). */
export const shownProfileId = (): string | null => useProfilesStore().activeId

/** `{ profileId }` to spread into a contract input, when the profile is known. */
export const profileParam = (id: string | null = shownProfileId()): { profileId?: string } =>
  id ? { profileId: id } : {}

/**
 * Calls `reset` as soon as the window's profile changes from one profile to another, before any render or later
 * watcher runs. The first id to arrive is no switch: whatever started before it was served main's active profile,
 * which is that one. Call it in a store's setup or a component's, whose scope ends the watch.
 */
export function onProfileSwitch(reset: (now: string | null, before: string) => void): void {
  watch(
    () => useProfilesStore().activeId,
    (now, before) => {
      if (before !== null && before !== undefined && now !== before) reset(now, before)
    },
    { flush: 'sync' }
  )
}
