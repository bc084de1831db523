// The notification center, owned by main: every alert fire, fill, error and notice of a profile with its time, kept
// in notices.json (notice-store.ts) so the list survives a reload and a restart, and one list for every window (read
// or cleared in one is read or cleared in all). Per profile, bounded to the newest MAX_PER_PROFILE. Main lists what
// it sees itself (alert fires, spot and margin fills from its order history), with every window closed too; a
// window tells what only it knows (a refusal it made, an error it was answered, a futures fill it found) through
// notices.add, in its own words. Only news counts as unread (countsAsUnread): the terminal's chatter is listed read.
import { countsAsUnread } from '@shared/ipc/schemas/notices'
import type { AlertFireView } from '@shared/ipc/views/alerts'
import type { NoticeKind, NoticeSubject, NoticeView, NoticesView } from '@shared/ipc/views/notices'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import type { NoticeStore, StoredNotice } from './notice-store'
import { orderNewsKey } from './order-news'

/** Per profile, the oldest entries go beyond this (a runaway error loop must not grow the file without end). */
export const MAX_PER_PROFILE = 500
/** Words repeating the profile's newest entry within this are counted on it. */
const REPEAT_MS = 10_000

export interface NoticesServiceOptions {
  store: NoticeStore
  /** Local ms clock (tests). */
  now?: () => number
}

export interface ToldNotice {
  kind: NoticeKind
  title: string
  text: string
  code?: string | null
  key?: string
  /** Counted unread (countsAsUnread: by default every kind but info). */
  news?: boolean
}

export class NoticesService {
  readonly #o: NoticesServiceOptions
  /** Per profile, oldest first. */
  readonly #lists = new Map<string, StoredNotice[]>()
  readonly #listeners = new Map<string, Set<(v: NoticesView) => void>>()
  #n = 0

  constructor(o: NoticesServiceOptions) {
    this.#o = o
    for (const x of o.store.loaded().sort((a, b) => a.n - b.n)) {
      this.#listOf(x.profileId).push(x)
      this.#n = Math.max(this.#n, x.n)
    }
  }

  list(profileId: string): NoticesView {
    const all = this.#lists.get(profileId) ?? []
    const notices = all.map(view).reverse()
    return { notices, unread: all.filter((x) => !x.read).length }
  }

  /** The profile's list now, then after every change; returns the stop. */
  onChange(profileId: string, emit: (v: NoticesView) => void): () => void {
    let set = this.#listeners.get(profileId)
    if (!set) this.#listeners.set(profileId, (set = new Set()))
    const listeners = set
    listeners.add(emit)
    emit(this.list(profileId))
    return () => {
      listeners.delete(emit)
      if (listeners.size === 0) this.#listeners.delete(profileId)
    }
  }

  /** Words a window told. */
  told(profileId: string, t: ToldNotice): void {
    const subject: NoticeSubject = { type: 'told', title: t.title, text: t.text, code: t.code ?? null }
    this.#add(profileId, t.kind, subject, t.key ?? null, undefined, countsAsUnread(t.kind, t.news))
  }

  alertFired(profileId: string, fire: AlertFireView): void {
    this.#add(profileId, 'warn', { type: 'alert', fire }, `alert:${fire.alertId}:${fire.at}`, fire.at)
  }

  /** Orders main's history recorded as changed: their fills and ends are listed, each once. */
  sawOrders(profileId: string, orders: readonly OrderHistoryEntryView[]): void {
    for (const order of orders) {
      const key = orderNewsKey(order)
      if (key) this.#add(profileId, 'fill', { type: 'order', order }, key)
    }
  }

  /** The entries up to `upTo` (the newest a window showed) are read. */
  markRead(profileId: string, upTo: string): void {
    const n = Number(upTo)
    let changed = false
    for (const x of this.#lists.get(profileId) ?? [])
      if (x.n <= n && !x.read) {
        x.read = true
        changed = true
      }
    if (changed) this.#changed(profileId)
  }

  /** The entries up to `upTo` (the newest a window showed) are gone; one that came since stays. */
  clear(profileId: string, upTo: string): void {
    const n = Number(upTo)
    const all = this.#lists.get(profileId) ?? []
    const kept = all.filter((x) => x.n > n)
    if (kept.length === all.length) return
    this.#lists.set(profileId, kept)
    this.#changed(profileId)
  }

  /** The profile was removed: so is its list. */
  async forgetProfile(profileId: string): Promise<void> {
    if (!this.#lists.delete(profileId)) return
    this.#changed(profileId)
    await this.flushed()
  }

  flushed(): Promise<void> {
    return this.#o.store.flushed()
  }

  #add(
    profileId: string,
    kind: NoticeKind,
    subject: NoticeSubject,
    key: string | null,
    at?: number,
    news = true
  ): void {
    const list = this.#listOf(profileId)
    // News already listed (an order recorded again, a futures fill told again after a reload) is not listed again.
    if (key !== null && list.some((x) => x.key === key)) return
    const now = at ?? (this.#o.now ?? Date.now)()
    const last = list.at(-1)
    if (last && key === null && last.kind === kind && sameWords(last.subject, subject) && now - last.at < REPEAT_MS) {
      list.pop()
      list.push({ ...last, n: ++this.#n, at: now, count: last.count + 1, read: !news })
    } else {
      list.push({ n: ++this.#n, profileId, at: now, kind, count: 1, read: !news, key, subject })
      if (list.length > MAX_PER_PROFILE) list.splice(0, list.length - MAX_PER_PROFILE)
    }
    this.#changed(profileId)
  }

  #listOf(profileId: string): StoredNotice[] {
    let list = this.#lists.get(profileId)
    if (!list) this.#lists.set(profileId, (list = []))
    return list
  }

  #changed(profileId: string): void {
    void this.#o.store.save(() => [...this.#lists.values()].flat())
    const set = this.#listeners.get(profileId)
    if (!set?.size) return
    const v = this.list(profileId)
    for (const l of [...set]) l(v)
  }
}

function view(x: StoredNotice): NoticeView {
  return { id: String(x.n), at: x.at, kind: x.kind, count: x.count, unread: !x.read, subject: x.subject }
}

const sameWords = (a: NoticeSubject, b: NoticeSubject): boolean =>
  a.type === 'told' && b.type === 'told' && a.title === b.title && a.text === b.text && a.code === b.code
