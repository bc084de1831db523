// The notification center: every fill, error and notice told to the user (each toast, each fill), with its time,
// kept until the user clears it. A toast goes in seconds; this list is where a trader checks what happened.
// Each notice names the profile whose window showed it (null before any profile is known), so a list is kept per
// profile: the bell counts and lists the shown profile's notices and those of no profile. Kept in the renderer's
// memory: main keeps no such list (its notice log only replays order verdicts to windows that subscribe late).
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { shownProfileId } from './profile-scope'
import { useProfilesStore } from './profiles'

export type NoticeKind = 'fill' | 'error' | 'warn' | 'info'

export interface Notice {
  id: number
  /** Local ms. */
  at: number
  kind: NoticeKind
  title: string
  text: string
  code: string | null
  profileId: string | null
  /** The profile's name when told (the profile may be renamed or removed since). */
  profileName: string | null
  /** The same notice told again at once (a failing call retried) is counted, not listed again. */
  count: number
}

/** Per profile, the oldest go beyond this (a runaway error loop must not eat the window's memory). */
export const MAX_PER_PROFILE = 1000
/** A notice repeating its predecessor within this is counted on it. */
const REPEAT_MS = 10_000

export const useNoticesStore = defineStore('notices', () => {
  const all = ref<Notice[]>([])
  /** Per profile (key '' for none): the id of the newest notice the user has seen in the list. */
  const seenUpTo = ref<Record<string, number>>({})
  let seq = 0

  const shown = computed(() => {
    const id = shownProfileId()
    return all.value.filter((n) => n.profileId === null || n.profileId === id)
  })
  const unread = computed(() => {
    const id = shownProfileId()
    const seen = Math.max(seenUpTo.value[id ?? ''] ?? 0, seenUpTo.value[''] ?? 0)
    return shown.value.filter((n) => n.id > seen).length
  })

  function add(n: {
    kind: NoticeKind
    title: string
    text: string
    code?: string | null
    profileId?: string | null
    at?: number
  }): Notice {
    const profileId = n.profileId === undefined ? shownProfileId() : n.profileId
    const at = n.at ?? Date.now()
    const code = n.code ?? null
    const last = all.value.findLast((x) => x.profileId === profileId)
    if (
      last &&
      last.kind === n.kind &&
      last.title === n.title &&
      last.text === n.text &&
      last.code === code &&
      at - last.at < REPEAT_MS
    ) {
      last.count++
      last.at = at
      last.id = ++seq // unread again
      return last
    }
    const profileName =
      profileId === null ? null : (useProfilesStore().list.find((p) => p.id === profileId)?.name ?? null)
    const notice: Notice = {
      id: ++seq,
      at,
      kind: n.kind,
      title: n.title,
      text: n.text,
      code,
      profileId,
      profileName,
      count: 1
    }
    const mine = all.value.filter((x) => x.profileId === profileId)
    const drop = mine.length >= MAX_PER_PROFILE ? mine[0] : undefined
    // In time order: a notice told late (an alert fire main kept while no window listened) goes where it happened.
    const kept = all.value.filter((x) => x !== drop)
    const after = kept.findIndex((x) => x.at > at)
    all.value = after < 0 ? [...kept, notice] : [...kept.slice(0, after), notice, ...kept.slice(after)]
    return notice
  }

  /** The list was looked at: what it shows is no longer counted as unread. */
  function markSeen(): void {
    const newest = Math.max(0, ...shown.value.map((n) => n.id))
    seenUpTo.value = { ...seenUpTo.value, [shownProfileId() ?? '']: newest }
  }

  /** Clears what the list shows: the shown profile's notices and those of no profile; other profiles keep theirs. */
  function clear(): void {
    const id = shownProfileId()
    all.value = all.value.filter((n) => n.profileId !== null && n.profileId !== id)
  }

  return { all, shown, unread, add, markSeen, clear }
})
