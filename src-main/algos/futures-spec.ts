// Whether a spec may go to futures as it stands: only the kinds that run there (FUTURES_ALGO_KINDS), each with its
// open or close and margin mode said. The schema reads a create by these rules; the engine and the journal's read
// check them again, so a spec that got past them (an older journal, a caller around the service) is never sent to
// spot calls (a batch, a book) or with a guessed open or margin mode.
import { add, compare, normalizeDecimal } from '@shared/decimal'
import { FUTURES_ALGO_KINDS } from '@shared/ipc/schemas/algos'
import type { Words } from '@shared/i18n/words'
import { contractMarketName } from '@shared/trading/market-name'
import { w } from './steps'
import type { AlgoSpec, ChildRole } from './types'

/** Why this spec cannot run on futures, in words; null when it can (or it is a spot spec). */
export function futuresFault(s: Pick<AlgoSpec, 'module' | 'kind' | 'open' | 'positionType'>): Words | null {
  if (s.module !== 'futures') return null
  if (!FUTURES_ALGO_KINDS.includes(s.kind)) return w('algos.refuse.notOnFutures', { kind: `algoUi.kindIn.${s.kind}` })
  if (s.open === undefined) return w('algos.refuse.futuresOpen')
  if (s.positionType === undefined) return w('algos.refuse.futuresMargin')
  if (s.kind === 'bracket' && s.open !== 'OPEN') return w('algos.refuse.bracketOpens')
  return null
}

/**
 * Whether a futures child opens or closes: a bracket's entry opens, its take profit and stop loss close what it
 * opened (reduce-only at the venue: at most the position, so the two exits together can never reverse it); every
 * other kind's children as the spec says.
 */
export function childOpen(s: Pick<AlgoSpec, 'kind' | 'open'>, role: ChildRole): 'OPEN' | 'CLOSE' {
  if (s.kind === 'bracket') return role === 'entry' ? 'OPEN' : 'CLOSE'
  return s.open!
}

/** A futures position as the close check reads it: its side (BUY long, SELL short) and size in contracts. */
export interface FuturesHolding {
  side: 'BUY' | 'SELL'
  volume: string
}

/**
 * Why a closing futures spec's total cannot close the position it reduces (a SELL closes the long, a BUY the short;
 * every position on that side counts), naming both figures and the market as the windows do; null when it fits. Above
 * the position the venue would refuse a child midway, the rest half done.
 */
export function closeAboveHeld(
  s: Pick<AlgoSpec, 'side' | 'quantity' | 'symbol'>,
  positions: readonly FuturesHolding[]
): Words | null {
  const held = s.side === 'SELL' ? 'BUY' : 'SELL'
  const size = positions.filter((p) => p.side === held).reduce((n, p) => add(n, p.volume), '0')
  if (compare(s.quantity, size) <= 0) return null
  return {
    key: held === 'BUY' ? 'algos.refuse.closeAboveLong' : 'algos.refuse.closeAboveShort',
    params: { quantity: s.quantity, position: normalizeDecimal(size), contract: contractMarketName(s.symbol) }
  }
}
