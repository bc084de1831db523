// How a position and its TP/SL legs are named in the positions table and its confirmations: the market, the
// direction, contracts, the margin model, a leg's short label; prices at the contract's precision.
import { t } from '../../i18n'
import { useInstrumentsStore } from '../../stores/instruments'
import type { PositionLeg } from '../../stores/position-legs'
import type { PositionRow } from '../../stores/positions'
import { contractLabel } from '../../i18n/market-words'
import { contractNameParts } from '@shared/trading/market-name'
import { num } from '../../lib/format'

export function usePositionWords() {
  const instruments = useInstrumentsStore()
  /** Decimals of the contract's prices. */
  const dp = (p: Pick<PositionRow, 'contractName'>) => instruments.contractOf(p.contractName)?.pricePrecision ?? 8
  /** The coin its PnL and margin are in (the base of an inverse contract, else the quote). */
  const coin = (p: Pick<PositionRow, 'contractName'>) => {
    const n = contractNameParts(p.contractName)
    return instruments.contractOf(p.contractName)?.side === 0 ? n?.base : n?.quote
  }
  const name = (p: Pick<PositionRow, 'contractName'>) => contractLabel(p.contractName)
  /** "Long" / "Short": a row's or a list line's direction. */
  const dir = (p: Pick<PositionRow, 'side'>) => t(`orders.positions.dir.${p.side}`)
  /** "long" / "short" inside a sentence; `flip` names the opposite side (what a reverse opens). */
  const dirWord = (side: 'BUY' | 'SELL', flip = false) =>
    t((side === 'BUY') !== flip ? 'orders.dir.long' : 'orders.dir.short')
  const contracts = (volume: string) => num(volume)
  /** "Cross 10x". */
  const marginLabel = (p: PositionRow) =>
    `${t(p.positionType === 2 ? 'orders.positions.isolated' : 'orders.positions.cross')} ${num(p.leverageLevel, 0)}x`
  /** A leg as its button shows it: "SL 60,000.0 × 45", its limit price after an arrow. */
  const legLabel = (p: PositionRow, l: PositionLeg) =>
    `${t(`orders.positions.legShort.${l.kind}`)} ${num(l.triggerPrice, dp(p))} × ${num(l.volume)}${l.price ? ` → ${num(l.price, dp(p))}` : ''}`
  return { dp, coin, name, dir, dirWord, contracts, marginLabel, legLabel }
}
