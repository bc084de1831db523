// What the user is told: toasts (errors with their code and text), slow loads in progress (the top progress bar
// and the status bar's label), and desktop notifications (an order fill). Every toast is also listed in main's
// notification center (notices.ts) until the user clears it, but what main lists itself (alert fires, spot and margin
// fills: `toast`, `notify` without a listKey). Any store or panel may call it:
//   feedback.error(e, 'Could not place the order')   feedback.track('Loading candles', promise)
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { ContractError } from '@shared/ipc/contract-kit'
import { noCredentialAdvice } from '../bridge/terminal-bridge'
import { t } from '../i18n'
import { venueErrorWords } from '../i18n/venue-error'
import { wordsOrMessage } from '../i18n/words'
import { useAnnouncerStore } from './announcer'
import { useNoticesStore, type NoticeKind } from './notices'
import { usePreferencesStore } from './preferences'
import { addRecent } from './recent-keys'
import { onProfileSwitch, shownProfileId } from './profile-scope'

export type ToastKind = 'error' | 'info' | 'success' | 'warn'

export interface Toast {
  id: number
  kind: ToastKind
  title: string
  text: string
  /** `exchange -1021`, `invalid-input baseUrl`, `keychain`: what support needs to know. */
  code: string | null
  /** The same toast raised again while shown is counted, not stacked. */
  count: number
  action: { label: string; run: () => void } | null
  /** Shown until dismissed: no timer, and the last to make room for new ones. */
  stay: boolean
  /** The account it tells of (null: the app's own); it leaves the screen when another profile is shown. */
  profileId: string | null
  /** The order whose fills it tells: its later news replaces these words in place rather than stacking. */
  order?: string
}

/** Code and text of any failure; a contract error carries its code, field and the venue's code. */
export function describeError(e: unknown): { code: string | null; text: string } {
  if (e instanceof ContractError) {
    const parts = [e.code]
    if (e.exchange?.code !== undefined) parts.push(String(e.exchange.code))
    else if (e.exchange?.httpStatus !== undefined) parts.push(`HTTP ${e.exchange.httpStatus}`)
    if (e.field) parts.push(e.field)
    const venue = e.code === 'exchange' ? venueErrorWords(e.exchange?.code, e.exchange?.venueMessage) : null
    return { code: parts.join(' '), text: venue ?? wordsOrMessage(e) }
  }
  return { code: null, text: e instanceof Error ? e.message : String(e) }
}

const CONNECTION_CODES = new Set(['unauthorized', 'offline', 'closed', 'disconnected'])
const LIFETIME: Record<ToastKind, number> = { error: 10_000, warn: 8_000, info: 4_000, success: 4_000 }
const MAX_TOASTS = 5
/** Orders whose first fill raised a desktop notification (later ones wait for the end), the latest few. */
const DESKTOP_TOLD = 500
const NOTICE_KIND: Record<ToastKind, NoticeKind> = { error: 'error', warn: 'warn', info: 'info', success: 'info' }

function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

export const useFeedbackStore = defineStore('feedback', () => {
  const toasts = ref<Toast[]>([])
  const loads = ref<{ id: number; label: string }[]>([])
  // Main's preference, read when first needed (the preferences store tells its errors here: no setup-time cycle).
  const notifyFills = computed(() => usePreferencesStore().notifyFills)
  const permission = ref(notificationPermission())
  let seq = 0
  const timers = new Map<number, ReturnType<typeof setTimeout>>()

  /**
   * `stay`: shown until dismissed (what the user must not miss, told once), not for its kind's lifetime; a burst
   * of other toasts (every call failing at start) pushes out the oldest of those first. `profileId`: the account it
   * tells of, whose notification center lists it (an order's answer that came after a switch: the order's account,
   * its toast titled with that account's name by the caller).
   */
  function push(
    kind: ToastKind,
    title: string,
    text: string,
    o: {
      code?: string | null
      action?: Toast['action']
      stay?: boolean
      profileId?: string | null
      news?: boolean
    } = {}
  ): number {
    const { code = null, action = null, stay = false, profileId = shownProfileId(), news } = o
    useNoticesStore().add({ kind: NOTICE_KIND[kind], title, text, code, profileId, ...(news ? { news } : {}) })
    return show(kind, title, text, code, action, stay, shownProfileId())
  }
  function show(
    kind: ToastKind,
    title: string,
    text: string,
    code: string | null,
    action: Toast['action'],
    stay: boolean,
    profileId: string | null
  ): number {
    // Another account's news (a read that answered after a switch) is kept by its notification center, never shown.
    const shown = shownProfileId()
    if (profileId !== null && shown !== null && profileId !== shown) return 0
    useAnnouncerStore().say(text ? `${title}: ${text}` : title, kind === 'error') // the toast's words, read out too
    const same = toasts.value.find(
      (t) => t.kind === kind && t.title === title && t.text === text && t.code === code && t.profileId === profileId
    )
    const id = same?.id ?? ++seq
    if (same) {
      same.count++
      if (stay) same.stay = true // a shown toast told again to stay stays
    } else {
      const all: Toast[] = [...toasts.value, { id, kind, title, text, code, count: 1, action, stay, profileId }]
      while (all.length > MAX_TOASTS)
        all.splice(
          Math.max(
            0,
            all.findIndex((t) => !t.stay && t.id !== id)
          ),
          1
        )
      for (const t of toasts.value) if (!all.includes(t)) dismissTimer(t.id)
      toasts.value = all
    }
    if (stay) dismissTimer(id)
    else if (!same?.stay) arm(id, kind)
    return id
  }
  function dismissTimer(id: number): void {
    clearTimeout(timers.get(id))
    timers.delete(id)
  }
  function arm(id: number, kind: ToastKind): void {
    clearTimeout(timers.get(id))
    timers.set(
      id,
      setTimeout(() => dismiss(id), LIFETIME[kind])
    )
  }
  function dismiss(id: number): void {
    dismissTimer(id)
    toasts.value = toasts.value.filter((t) => t.id !== id)
  }
  // One account on screen: another profile's fills and errors leave with it (its notification center keeps them).
  onProfileSwitch((now) => {
    for (const t of toasts.value) if (t.profileId !== null && t.profileId !== now) dismissTimer(t.id)
    toasts.value = toasts.value.filter((t) => t.profileId === null || t.profileId === now)
  })

  function error(
    e: unknown,
    title = t('app.feedback.error'),
    action: Toast['action'] = null,
    profileId: string | null = shownProfileId()
  ): number {
    const { code, text } = describeError(e)
    // A lost connection fails every call at once: one toast says so, not one per call.
    if (e instanceof ContractError && CONNECTION_CODES.has(e.code)) {
      // No credential is final for this tab: the way to get one stays on screen until dismissed.
      if (e.code === 'unauthorized')
        return push('error', t('app.feedback.notConnected'), noCredentialAdvice(), {
          code: e.code,
          stay: true,
          profileId
        })
      return push('error', t('app.feedback.notConnected'), text, { code: e.code, profileId })
    }
    return push('error', title, text, { code, action, profileId })
  }
  const info = (title: string, text = '', action: Toast['action'] = null, profileId = shownProfileId()): number =>
    push('info', title, text, { action, profileId })
  const success = (title: string, text = '', profileId = shownProfileId()): number =>
    push('success', title, text, { profileId })
  const warn = (
    title: string,
    text = '',
    action: Toast['action'] = null,
    stay = false,
    profileId = shownProfileId()
  ): number => push('warn', title, text, { action, stay, profileId })
  /**
   * An order's own outcome (placed, moved, cancelled; an operation applied): told as a success or info toast, and
   * counted unread in the notification center as news (the terminal's chatter, a layout or profile saved, is not).
   */
  const orderNews = (kind: 'success' | 'info', title: string, text = '', profileId = shownProfileId()): number =>
    push(kind, title, text, { profileId, news: true })

  /** Shows `label` as a load in progress until `work` settles; returns `work`. */
  function track<T>(label: string, work: Promise<T>): Promise<T> {
    const id = ++seq
    loads.value = [...loads.value, { id, label }]
    const done = (): void => {
      loads.value = loads.value.filter((l) => l.id !== id)
    }
    work.then(done, done)
    return work
  }
  const busy = computed(() => loads.value.length > 0)
  const busyLabel = computed(() => {
    const [first, ...more] = loads.value
    if (!first) return ''
    return more.length ? t('app.feedback.busyMore', { label: first.label, n: more.length }) : first.label
  })

  function setNotifyFills(on: boolean): void {
    usePreferencesStore().notifyFills = on
    if (on) void askPermission()
  }
  async function askPermission(): Promise<void> {
    if (typeof Notification === 'undefined' || Notification.permission !== 'default') return
    permission.value = await Notification.requestPermission().catch(() => 'denied' as const)
  }
  /** A toast of news main lists itself in the notification center (an alert fire): shown, not listed again. */
  const toast = (kind: ToastKind, title: string, text = ''): number =>
    show(kind, title, text, null, null, false, shownProfileId())

  /**
   * A fill: a desktop notification (when allowed), always a toast in the window (`tone`: a rest left unfilled is a
   * warning). Main lists spot and margin fills itself; a fill only this window found (futures) names its news by
   * `listKey` and is listed under the profile whose account filled, once however often it is told.
   */
  function notify(
    title: string,
    body: string,
    o: {
      tone?: 'success' | 'info' | 'warn'
      profileId?: string | null
      listKey?: string
      /** The order told of: one toast per order, updated in place as it fills more. */
      order?: string
      /** The order's end (filled, canceled, expired): its desktop notification is raised even after a first one. */
      final?: boolean
    } = {}
  ): void {
    if (o.listKey !== undefined)
      useNoticesStore().add({
        kind: 'fill',
        title,
        text: body,
        key: o.listKey,
        ...(o.profileId !== undefined ? { profileId: o.profileId } : {})
      })
    const profileId = o.profileId ?? shownProfileId()
    if (o.order === undefined || !retell(o.order, o.tone ?? 'success', title, body, profileId))
      tagOrder(show(o.tone ?? 'success', title, body, null, null, false, profileId), o.order)
    if (o.order !== undefined) {
      // A desktop notification for the first fill and the end, not for every growth between (a thin book fills
      // a rest in many small steps); the same tag replaces the first one where the system supports it.
      const first = !desktopTold.has(o.order)
      addRecent(desktopTold, o.order, DESKTOP_TOLD)
      if (!first && !o.final) return
    }
    if (!notifyFills.value || notificationPermission() !== 'granted') return
    try {
      const tag = o.order !== undefined ? `chtrader-order-${o.order}` : `chtrader-${title}-${body}`
      new Notification(title, { body, tag, silent: false })
    } catch {
      // Some hosts expose the constructor but refuse it (service-worker-only platforms): the toast stays.
    }
  }

  const desktopTold = new Set<string>()
  /** The order's toast still shown takes the new words and a fresh lifetime; false when none is shown. */
  function retell(order: string, kind: ToastKind, title: string, text: string, profileId: string | null): boolean {
    const shown = shownProfileId()
    if (profileId !== null && shown !== null && profileId !== shown) return true // its center keeps it, as show()
    const toast = toasts.value.find((x) => x.order === order && x.profileId === profileId)
    if (!toast) return false
    useAnnouncerStore().say(text ? `${title}: ${text}` : title, false)
    Object.assign(toast, { kind, title, text, count: 1 })
    if (!toast.stay) arm(toast.id, kind)
    return true
  }
  function tagOrder(id: number, order: string | undefined): void {
    const toast = order === undefined ? undefined : toasts.value.find((x) => x.id === id)
    if (toast) toast.order = order
  }

  return {
    toasts,
    loads,
    busy,
    busyLabel,
    notifyFills,
    permission,
    push,
    toast,
    dismiss,
    error,
    info,
    success,
    warn,
    orderNews,
    track,
    setNotifyFills,
    askPermission,
    notify
  }
})
