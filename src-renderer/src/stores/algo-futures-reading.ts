// An algorithm typed in the Algo tab on a futures contract, read as the futures order form reads an order: only the
// kinds main runs on futures (FUTURES_ALGO_KINDS, read here, never copied), each number as typed
// (algo-reading.ts readFields), the rules between fields with its open or close and margin mode (readAlgoSpec), sizes
// in the contract's steps (whole contracts on most venues), then every order it may send held to the contract's rules
// (checkFuturesOrder, as main checks them before it creates one), a close no larger than the position it reduces less
// what its resting close orders hold, and an open not waiting on a leverage typed but not set (the order form's own
// guards).
import { compare } from '@shared/decimal'
import { FUTURES_ALGO_KINDS, kindWord, readAlgoSpec } from '@shared/ipc/schemas/algos'
import type { ContractView } from '@shared/ipc/views/market'
import { contractMarketName } from '@shared/trading/market-name'
import { checkFuturesOrder, checkPricePrecision, volumeDecimals } from '@shared/trading/order-rules'
import { scaledLevels, type Level } from '@shared/trading/scaled-levels'
import { decimals, nameOf, orderWords, refusal, refusalOf, type Refusal } from '@shared/trading/refusal'
import { group } from '../lib/format'
import {
  algoWhat,
  asField,
  childrenOf,
  FORM_KINDS,
  readFields,
  typedSpec,
  type AlgoReading,
  type AlgoTyped,
  type FormKind
} from './algo-reading'
import type { AlgoSpecInput } from './algos'
import { closeBeyondHeld } from './close-held-rule'

/** The kinds the Algo tab offers on futures: those main runs there, in the tab's order. */
export const futuresKinds = (): FormKind[] => FORM_KINDS.filter((k) => FUTURES_ALGO_KINDS.includes(k))

/** What the futures order form knows beside the typed fields. */
export interface FuturesAlgoContext {
  /** The contract's rules (undefined while they load, or not a contract of this venue). */
  contract: ContractView | undefined
  /** The rules are still loading (else an unknown contract is not one of this venue). */
  loading: boolean
  open: 'OPEN' | 'CLOSE'
  /** The contract's margin mode as the order form shows it: 1 cross, 2 isolated. */
  positionType: 1 | 2
  /** The contracts the position a CLOSE reduces holds (a SELL closes the long); undefined: no such position. */
  closing: string | undefined
  /** Of those, the contracts its resting close orders hold (unfilled): the venue closes none of them twice. */
  closingHeld?: string | undefined
  /** A leverage typed in the order form but not set on the venue: an open waits for Set (the order form's rule). */
  leverageTyped: string | null
  /** Open orders of the contract, when known: its one live order must fit under the contract's limit. */
  openOrders?: number | undefined
}

export function readFuturesAlgoForm(typed: AlgoTyped, symbol: string, x: FuturesAlgoContext): AlgoReading {
  const { kind, side } = typed
  if (!FUTURES_ALGO_KINDS.includes(kind))
    return {
      spec: null,
      readAs: {},
      refusal: refusal('algo-rule', 'kind', { key: 'algos.refuse.notOnFutures', params: { kind: kindWord(kind) } })
    }
  const read = readFields(typed, 'futures', x.open)
  if (!('ok' in read)) return read
  const { values, readAs } = read
  const out = (refused: Refusal): AlgoReading => ({ spec: null, refusal: refused, readAs })
  const c = x.contract
  if (!c)
    return out(
      refusal('symbol', 'symbol', orderWords(x.loading ? 'order.check.loading' : 'order.check.notContract', { symbol }))
    )
  const spec = {
    module: 'futures',
    symbol,
    open: x.open,
    positionType: x.positionType,
    ...typedSpec(typed, values)
  } as AlgoSpecInput
  const between = readAlgoSpec(spec)
  if (!between.ok) return out(refusal('algo-rule', between.field, between.words))
  const market = contractMarketName(c.symbol)
  // Sizes in the contract's steps: a total of 2.5 contracts would end in a part the venue refuses midway.
  for (const f of ['quantity', 'visibleQuantity'] as const) {
    const v = values[f]
    const r =
      v !== undefined &&
      refusalOf(() => decimals(v, volumeDecimals(c), f, 'size', market, 'minOrderVolume', 'contracts'), c.symbol)
    if (r) return out(asField(r, f, true))
  }
  const trigger = values.triggerPrice
  const tick = trigger !== undefined && checkPricePrecision(c, trigger, 'triggerPrice')
  if (tick) return out(asField(tick, 'triggerPrice', true))
  // A close reduces a position: never more than it holds (its orders are reduce-only on the venue).
  if (x.open === 'CLOSE' && compare(spec.quantity, x.closing ?? '0') > 0) {
    const held = x.closing
    const key = held
      ? side === 'SELL'
        ? 'order.check.closeLongHolds'
        : 'order.check.closeShortHolds'
      : side === 'SELL'
        ? 'order.check.closeNoLong'
        : 'order.check.closeNoShort'
    const words = orderWords(key, { volume: group(spec.quantity), held: group(held ?? '0') })
    return out(refusal('position', 'quantity', words, held ? [held] : []))
  }
  // What its resting close orders hold is not closed again (the order form's rule, close-held-rule.ts).
  const beyond =
    x.open === 'CLOSE' && x.closing
      ? closeBeyondHeld(
          { long: side === 'SELL', volume: spec.quantity, held: x.closing, pending: x.closingHeld ?? '0' },
          'quantity'
        )
      : null
  if (beyond) return out(beyond)
  let levels: Level[] | undefined
  if (kind === 'scaled') {
    const rules = {
      pricePrecision: c.pricePrecision,
      quantityPrecision: volumeDecimals(c),
      limitVolumeMin: c.minOrderVolume
    }
    const laid = scaledLevels(spec, rules)
    if (!laid.ok) return out(refusal('algo-rule', 'orders', laid.words))
    levels = laid.levels
  }
  for (const child of childrenOf(spec, volumeDecimals(c), levels ?? [])) {
    // A bracket's exits close what its entry opened (main's childOpen); every other child opens or closes as it says.
    const open = kind === 'bracket' && child.order.side !== side ? 'CLOSE' : x.open
    const r = checkFuturesOrder(c, { ...child.order, open }, { openOrders: x.openOrders })
    if (!r) continue
    const name = nameOf(r.field)
    if (name !== 'price' && name !== 'volume') return out(r) // the contract itself: not tradable, too many orders
    const isPrice = name === 'price'
    const f = isPrice ? child.priceField : child.volumeField
    const own = isPrice ? child.order.price : child.order.volume
    // An order value's words name the value (contracts times price), not the field that sizes it.
    const ofValue = r.words?.params?.['what'] === 'order.what.orderValue'
    const what = ofValue
      ? 'order.what.orderValue'
      : !isPrice && child.sizeWhat
        ? `algoUi.what.${child.sizeWhat}`
        : algoWhat(f)
    return out(asField(r, f, own !== undefined && own === values[f], what))
  }
  // An open is margined at the venue's leverage: one typed but not set would open at another (the order form's rule).
  if (x.open === 'OPEN' && x.leverageTyped !== null)
    return out(refusal('leverage', 'leverage', orderWords('order.check.leverageNotSet', { leverage: x.leverageTyped })))
  return { spec, refusal: null, readAs, ...(levels ? { levels } : {}) }
}
