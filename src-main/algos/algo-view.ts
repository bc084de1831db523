// An algorithm as the contract shows it (AlgoView): its spec, progress, children and next step in words, as its
// machine decides it now (a chase's from the book its engine last read).
import type { Words } from '@shared/i18n/words'
import type { AlgoView } from '@shared/ipc/views/algos'
import type { AlgoEngine } from './algo-engine'
import { chaseBound } from './chase'
import { editableNow } from './edits'
import { decide, filledOf, trailingStop } from './machine'
import type { BestPrices } from './steps'
import type { Algo } from './types'

/** The views of `engine`'s algorithms: a chase's next step said from its book as last read (none: its first read). */
export const viewIn =
  (engine: AlgoEngine) =>
  (a: Algo): AlgoView =>
    view(a, engine.bookOf(a.id))

export function view(a: Algo, book: BestPrices | undefined): AlgoView {
  const s = a.spec
  const step = decide(a, { now: Date.now(), book })
  const next: Words = step.do === 'wait' ? step.next : { key: 'algos.next.working' }
  return {
    id: a.id,
    profileId: a.profileId,
    kind: s.kind,
    module: s.module,
    symbol: s.symbol,
    side: s.side,
    ...(s.open ? { open: s.open } : {}),
    ...(s.positionType ? { positionType: s.positionType } : {}),
    quantity: s.quantity,
    limitPrice: s.limitPrice ?? null,
    triggerPrice: s.triggerPrice ?? null,
    stopLimitPrice: s.stopLimitPrice ?? null,
    trailPercent: s.trailPercent ?? null,
    takeProfitPrice: s.takeProfitPrice ?? null,
    visibleQuantity: s.visibleQuantity ?? null,
    durationSeconds: s.durationSeconds ?? null,
    slices: s.slices ?? null,
    jitter: s.jitter ?? null,
    schedule: a.schedule ?? null,
    fromPrice: s.fromPrice ?? null,
    toPrice: s.toPrice ?? null,
    orders: s.orders ?? null,
    sizing: s.sizing ?? null,
    sizeFactor: s.sizeFactor ?? null,
    levels: a.levels ?? null,
    maxDistancePercent: s.maxDistancePercent ?? null,
    intervalSeconds: s.intervalSeconds ?? null,
    anchor: a.anchor ?? null,
    chaseBound: s.kind === 'chase' ? chaseBound(a) : null,
    trailingStop: s.kind === 'trailing-stop' ? trailingStop(a) : null,
    fireLate: s.fireLate,
    state: a.state,
    filled: filledOf(a),
    children: a.children.map((c) => ({
      clientOrderId: c.clientOrderId,
      orderId: c.orderId ?? null,
      role: c.role,
      side: c.side,
      type: c.type,
      volume: c.volume,
      price: c.price ?? null,
      state: c.state,
      filled: c.filled,
      status: c.status ?? null,
      slice: c.slice ?? null,
      level: c.level ?? null
    })),
    next,
    triggered: a.triggered ?? null,
    missed: a.missed ?? null,
    reason: a.reason ?? null,
    editable: editableNow(a),
    edits: a.edits ?? [],
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    endedAt: a.endedAt ?? null
  }
}
