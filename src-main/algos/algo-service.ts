// The algorithms of every profile behind the contract (algos.*): one engine per profile (algo-engine.ts), built on
// first use or at start for a profile whose journal holds an algorithm still running, so algorithms go on with every
// window closed. A create is read (the schema's rules between fields), its child orders checked against the symbol's
// rules (the order form's checks), journaled, then started; refusals are words naming the rule.
import { existsSync, readdirSync } from 'node:fs'
import { compare, fitsPrecision } from '@shared/decimal'
import { readAlgoSpec, type CreateAlgoInput, type EditAlgoInput } from '@shared/ipc/schemas/algos'
import type { AlgoView, AlgosEventView } from '@shared/ipc/views/algos'
import { contractMarketName } from '@shared/trading/market-name'
import { errorWords, linking } from '../orders/said'
import { AlgoEngine, AlgoRefusal, type AlgoPrices } from './algo-engine'
import { algosFile, fileAlgoStore, removeAlgoFile, type AlgoStore } from './algo-store'
import type { AlgoVenue } from './algo-venue'
import { view, viewIn } from './algo-view'
import { childrenOf, remainderOf, type ChildCheck } from './child-checks'
import { readEdit } from './edits'
import { closeAboveHeld, type FuturesHolding } from './futures-spec'
import { remainingOf } from './machine'
import { twapSliceVolume } from './twap'
import { TERMINAL_STATES, type Algo, type AlgoRules, type AlgoSpec } from './types'

export type { ChildCheck } from './child-checks'

/** Where an algorithm's orders go: spot or futures (the contract's rules), and which market. */
export interface AlgoMarketRef {
  module: 'spot' | 'futures'
  symbol: string
}

export interface AlgoServiceOptions {
  /** `<userData>/algos`: one journal per profile. */
  dir: string
  resolveId(named?: string): string
  venue(profileId: string): AlgoVenue
  prices(profileId: string): AlgoPrices
  /** Throws the symbol's (or futures contract's) refusal of a child order (nothing is created). */
  check(profileId: string, market: AlgoMarketRef, child: ChildCheck): Promise<void>
  /**
   * The symbol's rules (precisions, minimum size) an algorithm sizes and prices its own children by; a futures
   * contract's in whole contracts (its size decimals, its minimum volume).
   */
  rules(profileId: string, market: AlgoMarketRef): Promise<AlgoRules>
  /**
   * The profile's positions on a futures contract as the venue shows them now (main's futures account read): a
   * closing algorithm's total is checked against them at creation. Throws when they cannot be read (then nothing is
   * created); without it, no closing algorithm is created.
   */
  positions?(profileId: string, contract: string): Promise<readonly FuturesHolding[]>
  log: (line: string) => void
  scrub?: <T>(v: T) => T
  pollMs?: number
}

export class AlgoService {
  readonly #o: AlgoServiceOptions
  readonly #engines = new Map<string, AlgoEngine>()
  readonly #stores = new Map<string, AlgoStore>()
  readonly #listeners = new Map<string, Set<(e: AlgosEventView) => void>>()
  /** Journals kept aside as unreadable this run (the core tells them at start). */
  readonly keptAside: { profileId: string; keptAt: string; reason: string }[] = []
  #closed = false

  constructor(o: AlgoServiceOptions) {
    this.#o = o
  }

  /** Starts the engine of every profile whose journal holds an algorithm still running. */
  resumeAll(profileIds: readonly string[]): void {
    for (const id of profileIds) {
      if (!existsSync(algosFile(this.#o.dir, id))) continue
      if (
        this.#store(id)
          .load()
          .algos.some((a) => !TERMINAL_STATES.has(a.state))
      )
        this.#engine(id)
    }
  }

  list(i: { profileId?: string | undefined }): AlgoView[] {
    const e = this.#engine(this.#o.resolveId(i.profileId))
    return e.list().map(viewIn(e))
  }

  async create(i: CreateAlgoInput): Promise<AlgoView> {
    const profileId = this.#o.resolveId(i.profileId)
    const { profileId: _p, ...fields } = i
    const reading = readAlgoSpec(fields)
    if (!reading.ok) throw new AlgoRefusal(reading.words, reading.field)
    const spec: AlgoSpec = fields
    const rules = await this.#o.rules(profileId, marketOf(spec))
    // A TWAP's total the market cannot split into its sizes ends with a slice the venue refuses midway (a CLOSE half
    // done); the other kinds send orders of the total or of checked parts, which the symbol's rules refuse as typed.
    if (spec.kind === 'twap' && !fitsPrecision(spec.quantity, rules.quantityPrecision))
      throw new AlgoRefusal(
        {
          key: 'algos.refuse.quantityDecimals',
          params: { quantity: spec.quantity, decimals: rules.quantityPrecision }
        },
        'quantity'
      )
    await this.#checkAll(profileId, spec, childrenOf(spec, rules))
    if (spec.module === 'futures' && spec.open === 'CLOSE') await this.#checkHeld(profileId, spec)
    try {
      const e = this.#engine(profileId)
      return viewIn(e)(await e.create(spec, rules))
    } catch (e) {
      if (e instanceof AlgoRefusal) throw e
      const code = (e as NodeJS.ErrnoException).code ?? 'unknown'
      throw new AlgoRefusal({ key: 'algos.refuse.notSaved', params: { error: code } })
    }
  }

  /**
   * A safe edit: read against the algorithm now (edits.ts), every order the edited algorithm may send checked against
   * the symbol's rules (as a create), then journaled by its engine (which reads it again against the algorithm then).
   */
  async edit(i: EditAlgoInput): Promise<AlgoView> {
    const profileId = this.#o.resolveId(i.profileId)
    const engine = this.#engine(profileId)
    const { profileId: _p, id, ...patch } = i
    const a = engine.get(id)
    if (!a) throw new AlgoRefusal({ key: 'algos.refuse.notFound' }, 'id')
    const r = readEdit(a, patch, Date.now())
    if (!r.ok) throw new AlgoRefusal(r.words, r.field)
    const rules = await this.#o.rules(profileId, marketOf(a.spec))
    const children = childrenOf(r.spec, rules)
    // An iceberg's last part is what is left now over whole visible parts.
    const last = r.spec.kind === 'iceberg' ? remainderOf(remainingOf(a), r.spec.visibleQuantity!) : '0'
    if (compare(last, '0') > 0)
      children.push({ side: a.spec.side, type: 'LIMIT', volume: last, price: r.spec.limitPrice! })
    // A TWAP's live slice is sent again at the new price for what its own slice left (as it stands now): that order.
    const live = r.spec.kind === 'twap' ? a.children.find((c) => c.state === 'open') : undefined
    if (live?.slice !== undefined) {
      const readFinal = a.children.map((c) => (c === live ? { ...c, state: 'final' as const, cancelled: true } : c))
      const again = twapSliceVolume(
        { ...a, spec: r.spec, rules: a.rules ?? rules, children: readFinal },
        live.slice,
        true
      )
      if (!again.small)
        children.push({ side: a.spec.side, type: 'LIMIT', volume: again.volume, price: r.spec.limitPrice! })
    }
    await this.#checkAll(profileId, a.spec, children)
    return viewIn(engine)(await engine.edit(id, patch))
  }

  /**
   * Every order a spec may send against its market's rules (a futures one with its open or close: the child's own
   * when it says one, a bracket's exits closing).
   */
  async #checkAll(profileId: string, spec: AlgoSpec, children: ChildCheck[]): Promise<void> {
    const market = marketOf(spec)
    for (const c of children)
      await this.#o.check(profileId, market, spec.module === 'futures' ? { ...c, open: c.open ?? spec.open! } : c)
  }

  /**
   * A closing futures algorithm's total against the position it closes, read from the venue now (the rule:
   * `closeAboveHeld`); a position that cannot be read is refused too, never guessed.
   */
  async #checkHeld(profileId: string, spec: AlgoSpec): Promise<void> {
    let positions: readonly FuturesHolding[]
    try {
      if (!this.#o.positions) throw new Error('no futures account')
      positions = await this.#o.positions(profileId, spec.symbol)
    } catch (e) {
      throw new AlgoRefusal(
        linking(
          { key: 'algos.refuse.positionUnread', params: { contract: contractMarketName(spec.symbol) } },
          'cause',
          errorWords(e)
        ),
        'quantity'
      )
    }
    const above = closeAboveHeld(spec, positions)
    if (above) throw new AlgoRefusal(above, 'quantity')
  }

  pause(i: { profileId?: string | undefined; id: string }): Promise<AlgoView> {
    const e = this.#engine(this.#o.resolveId(i.profileId))
    return e.pause(i.id).then(viewIn(e))
  }

  resume(i: { profileId?: string | undefined; id: string }): Promise<AlgoView> {
    const e = this.#engine(this.#o.resolveId(i.profileId))
    return e.resume(i.id).then(viewIn(e))
  }

  cancel(i: { profileId?: string | undefined; id: string }): Promise<AlgoView> {
    const e = this.#engine(this.#o.resolveId(i.profileId))
    return e.cancel(i.id).then(viewIn(e))
  }

  /** The kill switch of one profile: every running algorithm stops and cancels its children. */
  async killAll(i: { profileId?: string | undefined }): Promise<AlgoView[]> {
    const e = this.#engine(this.#o.resolveId(i.profileId))
    return (await e.killAll()).map(viewIn(e))
  }

  /** The profile's algorithms now, then after every change. */
  onChange(profileId: string, emit: (e: AlgosEventView) => void): () => void {
    let set = this.#listeners.get(profileId)
    if (!set) this.#listeners.set(profileId, (set = new Set()))
    const listeners = set
    listeners.add(emit)
    const e = this.#engine(profileId)
    emit({ algos: e.list().map(viewIn(e)) })
    return () => {
      listeners.delete(emit)
      if (listeners.size === 0) this.#listeners.delete(profileId)
    }
  }

  /** A removed profile's algorithms go with it (its engine stops first; its children are the user's to see). */
  async forgetProfile(profileId: string): Promise<void> {
    await this.#engines.get(profileId)?.close()
    this.#engines.delete(profileId)
    await this.#stores.get(profileId)?.flushed()
    this.#stores.delete(profileId)
    try {
      removeAlgoFile(algosFile(this.#o.dir, profileId))
    } catch (e) {
      this.#o.log(`algos: could not remove the journal of profile ${profileId}: ${(e as Error).message}`)
    }
  }

  /** The profile's venue was replaced (a profile edit): its algorithms follow the new venue's prices. */
  refollow(profileId: string): void {
    this.#engines.get(profileId)?.refollow()
  }

  /** Resolves once every engine's steps and writes so far are done (tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.#engines.values()].map((e) => e.idle()))
  }

  async close(): Promise<void> {
    this.#closed = true
    await Promise.all([...this.#engines.values()].map((e) => e.close()))
  }

  /** Profiles with a journal (the core resumes them at start). */
  journaledProfiles(): string[] {
    if (!existsSync(this.#o.dir)) return []
    return readdirSync(this.#o.dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
  }

  #store(profileId: string): AlgoStore {
    let s = this.#stores.get(profileId)
    if (s) return s
    const inner = fileAlgoStore(algosFile(this.#o.dir, profileId), this.#o.log, this.#o.scrub)
    // The file is read once (resumeAll and then the engine ask): a second read would find a journal kept aside gone,
    // and lose the algorithms the first read kept.
    let read: ReturnType<AlgoStore['load']> | null = null
    s = {
      ...inner,
      load: () => {
        if (!read) {
          read = inner.load()
          if (read.keptAside) this.keptAside.push({ profileId, keptAt: read.keptAside, reason: read.reason ?? '' })
        }
        return { ...read, algos: structuredClone(read.algos) }
      }
    }
    this.#stores.set(profileId, s)
    return s
  }

  #engine(profileId: string): AlgoEngine {
    let e = this.#engines.get(profileId)
    if (e) return e
    if (this.#closed) throw new AlgoRefusal({ key: 'algos.refuse.closed' })
    e = new AlgoEngine({
      profileId,
      store: this.#store(profileId),
      venue: this.#o.venue(profileId),
      prices: this.#o.prices(profileId),
      log: this.#o.log,
      ...(this.#o.pollMs ? { pollMs: this.#o.pollMs } : {}),
      onChange: (algos) => this.#tell(profileId, algos)
    })
    this.#engines.set(profileId, e)
    return e
  }

  #tell(profileId: string, algos: Algo[]): void {
    const set = this.#listeners.get(profileId)
    if (!set?.size) return
    const engine = this.#engines.get(profileId)
    const e: AlgosEventView = { algos: algos.map((a) => view(a, engine?.bookOf(a.id))) }
    for (const l of [...set]) l(e)
  }
}

const marketOf = (s: AlgoSpec): AlgoMarketRef => ({ module: s.module, symbol: s.symbol })
