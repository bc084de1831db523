// The notification center of the shown profile, as main keeps it (notices.*: one list for every window and run,
// bounded, in main): followed live, so an entry read or cleared in one window is read or cleared in every
// one, and a reload or restart shows the same list with the same unread count. A switch empties it at once and
// follows the new profile: no entry of another profile is ever shown. What only this window knows (an error it
// was answered, a refusal, a futures fill it found) is told to main, which lists it; main lists alert fires and
// spot/margin fills itself. An entry is marked read or cleared up to the newest this window showed, so one that
// arrived meanwhile stays.
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { NoticeKind, NoticeView } from '@shared/ipc/views/notices'
import { t } from '../i18n'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'
import { onProfileSwitch, profileParam, shownProfileId } from './profile-scope'
import { streamOrder } from './stream-order'
import { errorText } from './trading'

export type { NoticeKind, NoticeView }

/** What main takes of a told entry (src-shared/ipc/schemas/notices.ts). */
const MAX_TITLE = 300
const MAX_TEXT = 2000
const MAX_CODE = 200
const clip = (s: string, max: number): string => (s.length <= max ? s : `${s.slice(0, max - 1)}…`)

export const useNoticesStore = defineStore('notices', () => {
  /** Newest first. */
  const list = shallowRef<NoticeView[]>([])
  const unread = ref(0)
  /** The list came from main for the shown profile. */
  const loaded = ref(false)
  const streamError = ref<string | null>(null)
  const order = streamOrder()
  let off: (() => void) | null = null

  function start(): void {
    if (!off) subscribe()
  }

  function subscribe(): void {
    off?.()
    const profileId = shownProfileId()
    off = liveSubscribe(
      'notices.onChange',
      profileParam(profileId),
      (e) => {
        if (!order.accept(e, profileId ?? shownProfileId())) return
        streamError.value = null
        list.value = e.notices
        unread.value = e.unread
        loaded.value = true
      },
      { onEnd: (e) => (streamError.value = e ? errorText(e) : null) }
    )
  }

  onProfileSwitch(() => {
    list.value = []
    unread.value = 0
    loaded.value = false
    streamError.value = null
    if (off) subscribe()
  })

  /**
   * Words this window told, for main to list under the profile (the shown one unless named). `key` names the news
   * (a futures order's fill): told again, by a reload or another window, it is listed once. A failure is not told
   * again (the toast said it; a lost connection fails every call, and its own toast says so).
   */
  function add(n: {
    kind: NoticeKind
    title: string
    text: string
    code?: string | null
    profileId?: string | null
    key?: string
    /** Counted unread; by default every kind but info (chatter: listed read). An order's verdict is news. */
    news?: boolean
  }): void {
    const { profileId, title, text, ...rest } = n
    void terminal()
      .invoke('notices.add', {
        ...profileParam(profileId === undefined ? shownProfileId() : profileId),
        ...rest,
        // main's bounds (an untitled toast is named by its kind; a venue's endless message ends in an ellipsis)
        title: clip(title || t(`app.notices.kinds.${n.kind}`), MAX_TITLE),
        text: clip(text, MAX_TEXT),
        ...(rest.code ? { code: clip(rest.code, MAX_CODE) } : {})
      })
      .catch(() => undefined)
  }

  /** The list was looked at: what it shows is read, in every window. */
  function markSeen(): void {
    const newest = list.value[0]
    if (!newest || unread.value === 0) return
    void terminal()
      .invoke('notices.markRead', { ...profileParam(), upTo: newest.id })
      .catch(() => undefined) // still counted: the next look marks it again
  }

  /** Clears what the list shows, in every window. */
  async function clear(): Promise<void> {
    const newest = list.value[0]
    if (!newest) return
    await terminal()
      .invoke('notices.clear', { ...profileParam(), upTo: newest.id })
      .catch((e: unknown) => useFeedbackStore().error(e, t('app.notices.clearFailed')))
  }

  return { list, unread, loaded, streamError, start, add, markSeen, clear }
})
