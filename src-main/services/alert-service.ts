// Price alerts, evaluated in main so they fire with every window closed. Each alert belongs to one profile and one
// market; only armed alerts are followed (alert-prices.ts), each price read by its rule (alert-rules.ts). A fire is
// kept (alerts.json, alert-store.ts) with when and at what price, told on the profile's alerts.onChange stream with
// the fire, and to main's own listeners (the desktop notification). A fire no window of its profile heard is handed
// to the next window that follows the profile (`missed`), so its notification center lists every fire. A dead price
// source shows the alert as not evaluating and forgets what it had seen: nothing fires from stale data.
import { randomUUID } from 'node:crypto'
import { readAlertRule, sourceRefusal, type CreateAlertInput, type UpdateAlertInput } from '@shared/ipc/schemas/alerts'
import { compare } from '@shared/decimal'
import type { AlertFireView, AlertRuleView, AlertsEventView, AlertView } from '@shared/ipc/views/alerts'
import type { OkView } from '@shared/ipc/views/common'
import type { Refusal } from '@shared/trading/refusal'
import type { PriceSource } from './alert-prices'
import { watchRule, type RuleWatch } from './alert-rules'
import type { AlertStore, StoredAlert } from './alert-store'
import { ServiceError } from './errors'

export interface AlertServiceOptions {
  store: AlertStore
  prices: PriceSource
  /** The named profile's id, or the active one's; throws when there is none or it does not exist. */
  resolveId(named?: string): string
  now?: () => number
  log: (line: string) => void
}

interface Following {
  watch: RuleWatch
  stop: () => void
  /** A fresh price has come since the source was last alive. */
  live: boolean
}

type FireListener = (profileId: string, fire: AlertFireView) => void

/** Fires kept per profile for its next window at most (a repeating alert on a busy price must not grow main). */
export const MAX_UNTOLD = 200

const refused = (r: Refusal): ServiceError => new ServiceError('alert-rule', r.words ?? r.message, r.field)
const notFound = (): ServiceError => new ServiceError('not-found', { key: 'alerts.refuse.notFound' }, 'id')
const duplicate = (): ServiceError => new ServiceError('alert-rule', { key: 'alerts.refuse.duplicate' }, 'rule')

/** Two rules that fire on the same prices: the same kind, levels equal as numbers ("65000" is "65000.0"). */
function sameRule(a: AlertRuleView, b: AlertRuleView): boolean {
  const eq = (x: string, y: string): boolean => compare(x, y) === 0
  if (a.kind === 'cross' && b.kind === 'cross') return eq(a.level, b.level) && a.direction === b.direction
  if (a.kind === 'move' && b.kind === 'move')
    return eq(a.percent, b.percent) && a.windowMinutes === b.windowMinutes && a.direction === b.direction
  if (a.kind === 'channel' && b.kind === 'channel') return eq(a.low, b.low) && eq(a.high, b.high) && a.on === b.on
  return false
}

export class AlertService {
  readonly #o: AlertServiceOptions
  readonly #alerts = new Map<string, StoredAlert>()
  readonly #following = new Map<string, Following>()
  readonly #listeners = new Map<string, Set<(e: AlertsEventView) => void>>()
  readonly #fireListeners = new Set<FireListener>()
  /** Per profile, fires no window of it was listening to (every window closed, or showing another profile). */
  readonly #untold = new Map<string, AlertFireView[]>()
  #closed = false

  constructor(o: AlertServiceOptions) {
    this.#o = o
    for (const a of o.store.loaded()) this.#alerts.set(a.id, a)
    for (const a of this.#alerts.values()) this.#follow(a)
  }

  list(i: { profileId?: string | undefined }): AlertView[] {
    return this.#viewsOf(this.#o.resolveId(i.profileId))
  }

  async create(i: CreateAlertInput): Promise<AlertView> {
    const profileId = this.#o.resolveId(i.profileId)
    const source = sourceRefusal(i.module, i.symbol, i.source)
    if (source) throw refused(source)
    const rule = readAlertRule(i.rule)
    if (!rule.ok) throw refused(rule.refusal)
    this.#refuseDuplicate({
      profileId,
      module: i.module,
      symbol: i.symbol,
      source: i.source,
      rule: rule.rule,
      repeat: i.repeat
    })
    const a: StoredAlert = {
      id: randomUUID(),
      profileId,
      module: i.module,
      symbol: i.symbol,
      source: i.source,
      rule: rule.rule,
      repeat: i.repeat,
      paused: false,
      done: false,
      createdAt: this.#now(),
      firedAt: null,
      firedPrice: null,
      fires: 0
    }
    await this.#change(profileId, () => this.#alerts.set(a.id, a))
    this.#follow(a)
    this.#tell(profileId, [])
    return this.#view(a)
  }

  /** An edit arms the alert again (a fired `once` alert too); `paused` pauses or resumes it. */
  async update(i: UpdateAlertInput): Promise<AlertView> {
    const before = this.#own(i.id, i.profileId)
    const next: StoredAlert = { ...before }
    const source = i.source ?? before.source
    const refusal = sourceRefusal(before.module, before.symbol, source)
    if (refusal) throw refused(refusal)
    next.source = source
    if (i.rule) {
      const rule = readAlertRule(i.rule)
      if (!rule.ok) throw refused(rule.refusal)
      next.rule = rule.rule
    }
    if (i.repeat) next.repeat = i.repeat
    this.#refuseDuplicate(next)
    const edited = i.rule !== undefined || i.source !== undefined || i.repeat !== undefined
    if (i.paused !== undefined) next.paused = i.paused
    if (edited || i.paused === false) next.done = false
    await this.#change(before.profileId, () => this.#alerts.set(next.id, next))
    this.#unfollow(next.id)
    this.#follow(next)
    this.#tell(next.profileId, [])
    return this.#view(next)
  }

  async remove(i: { profileId?: string | undefined; id: string }): Promise<OkView> {
    const a = this.#own(i.id, i.profileId)
    await this.#change(a.profileId, () => this.#alerts.delete(a.id))
    this.#unfollow(a.id)
    this.#tell(a.profileId, [])
    return { ok: true }
  }

  /** The profile's alerts now, then after every change (with the fires that made it). */
  onChange(profileId: string, emit: (e: AlertsEventView) => void): () => void {
    let set = this.#listeners.get(profileId)
    if (!set) this.#listeners.set(profileId, (set = new Set()))
    const listeners = set
    listeners.add(emit)
    const missed = this.#untold.get(profileId) ?? []
    this.#untold.delete(profileId)
    emit({ alerts: this.#viewsOf(profileId), fired: [], ...(missed.length ? { missed } : {}) })
    return () => {
      listeners.delete(emit)
      if (listeners.size === 0) this.#listeners.delete(profileId)
    }
  }

  /** Told every fire, of every profile (main's desktop notification); returns its remover. */
  onFire(listener: FireListener): () => void {
    this.#fireListeners.add(listener)
    return () => this.#fireListeners.delete(listener)
  }

  /** A removed profile's alerts go with it. */
  async forgetProfile(profileId: string): Promise<void> {
    const ids = [...this.#alerts.values()].filter((a) => a.profileId === profileId).map((a) => a.id)
    if (!ids.length) return
    await this.#change(profileId, () => ids.forEach((id) => this.#alerts.delete(id)))
    ids.forEach((id) => this.#unfollow(id))
    this.#untold.delete(profileId)
  }

  /** The profile's venue was replaced (its feeds closed under the alerts): every alert of it follows anew. */
  refollow(profileId: string): void {
    for (const a of this.#alerts.values())
      if (a.profileId === profileId) {
        this.#unfollow(a.id)
        this.#follow(a)
      }
    this.#tell(profileId, [])
  }

  /** Resolves once every change asked so far is on disk. */
  flushed(): Promise<void> {
    return this.#o.store.flushed()
  }

  close(): void {
    this.#closed = true
    for (const id of [...this.#following.keys()]) this.#unfollow(id)
  }

  #now(): number {
    return (this.#o.now ?? Date.now)()
  }

  /**
   * An identical alert (same market, source, rule, level and repeat) is refused: it would fire twice on the same
   * price, and its label would lie over the first one's on the chart.
   */
  #refuseDuplicate(
    a: Pick<StoredAlert, 'profileId' | 'module' | 'symbol' | 'source' | 'rule' | 'repeat'> & { id?: string }
  ): void {
    for (const b of this.#alerts.values())
      if (
        b.id !== a.id &&
        b.profileId === a.profileId &&
        b.module === a.module &&
        b.symbol === a.symbol &&
        b.source === a.source &&
        b.repeat === a.repeat &&
        sameRule(a.rule, b.rule)
      )
        throw duplicate()
  }

  #own(id: string, named: string | undefined): StoredAlert {
    const a = this.#alerts.get(id)
    // Another profile's alert is as unknown as a deleted one.
    if (!a || a.profileId !== this.#o.resolveId(named)) throw notFound()
    return a
  }

  /** Applies a change and writes the list; a change that cannot be written is undone and refused. */
  async #change(profileId: string, apply: () => void): Promise<void> {
    const before = new Map(this.#alerts)
    apply()
    try {
      await this.#o.store.save([...this.#alerts.values()])
    } catch (e) {
      this.#alerts.clear()
      for (const [k, v] of before) this.#alerts.set(k, v)
      this.#o.log(`alerts: a change of profile ${profileId}'s alerts was not saved: ${(e as Error).message}`)
      const code = (e as NodeJS.ErrnoException).code
      throw new ServiceError(
        'alerts-file',
        code === undefined
          ? { key: 'alerts.refuse.notSavedUnknown' }
          : { key: 'alerts.refuse.notSaved', params: { error: code } }
      )
    }
  }

  #follow(a: StoredAlert): void {
    if (this.#closed || a.paused || a.done || this.#following.has(a.id)) return
    const f: Following = { watch: watchRule(a.rule), stop: () => undefined, live: false }
    this.#following.set(a.id, f)
    const follow = (): (() => void) =>
      this.#o.prices.follow(a, (e) => {
        if (this.#following.get(a.id) !== f) return // an event of a stopped follow
        if ('dead' in e) {
          f.watch.forget()
          if (f.live) {
            f.live = false
            this.#tell(a.profileId, [])
          }
          return
        }
        if (!f.live) {
          f.live = true
          this.#tell(a.profileId, [])
        }
        if (f.watch.see(e.fresh)) this.#fired(a.id, e.fresh.price, e.fresh.at)
      })
    try {
      f.stop = follow()
    } catch (e) {
      // The venue cannot be followed now (its profile going away): the alert shows as not evaluating.
      this.#o.log(`alerts: cannot follow ${a.module}:${a.symbol} of profile ${a.profileId}: ${(e as Error).message}`)
    }
  }

  #unfollow(id: string): void {
    const f = this.#following.get(id)
    if (!f) return
    this.#following.delete(id)
    f.stop()
  }

  #fired(id: string, price: string, at: number): void {
    const a = this.#alerts.get(id)
    if (!a) return
    const next: StoredAlert = { ...a, firedAt: at, firedPrice: price, fires: a.fires + 1, done: a.repeat === 'once' }
    this.#alerts.set(id, next)
    if (next.done) this.#unfollow(id)
    this.#o.store.save([...this.#alerts.values()]).catch(() => undefined) // the store logs a failed write
    const fire: AlertFireView = {
      alertId: id,
      module: a.module,
      symbol: a.symbol,
      source: a.source,
      rule: a.rule,
      at,
      price
    }
    this.#o.log(`alerts: ${a.source} price of ${a.module}:${a.symbol} fired alert ${id} at ${price}`)
    if (this.#listeners.get(a.profileId)?.size) this.#tell(a.profileId, [fire])
    else {
      // Kept for the profile's next window (its notification center lists it with its time), the oldest going first.
      const untold = [...(this.#untold.get(a.profileId) ?? []), fire]
      this.#untold.set(a.profileId, untold.slice(Math.max(0, untold.length - MAX_UNTOLD)))
    }
    for (const l of [...this.#fireListeners]) {
      try {
        l(a.profileId, fire)
      } catch (e) {
        this.#o.log(`alerts: a fire listener failed: ${(e as Error).message}`)
      }
    }
  }

  #tell(profileId: string, fired: AlertFireView[]): void {
    const set = this.#listeners.get(profileId)
    if (!set?.size) return
    const e: AlertsEventView = { alerts: this.#viewsOf(profileId), fired }
    for (const l of [...set]) l(e)
  }

  #viewsOf(profileId: string): AlertView[] {
    return [...this.#alerts.values()]
      .filter((a) => a.profileId === profileId)
      .sort((x, y) => x.createdAt - y.createdAt || (x.id < y.id ? -1 : 1))
      .map((a) => this.#view(a))
  }

  #view(a: StoredAlert): AlertView {
    const { paused, done, ...rest } = a
    const state = paused ? 'paused' : done ? 'fired' : this.#following.get(a.id)?.live ? 'armed' : 'not-evaluating'
    return structuredClone({ ...rest, state })
  }
}
