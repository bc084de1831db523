// Normalizers that need more than field kinds: depth levels of 2 to 4 columns, the live /fapi/v1/index shape,
// and trigger types 1 / 2 used by some venues for stop-loss / take-profit.
import type { LosslessValue } from '../../../src-shared/json/lossless-json'
import type { NormalizeContext } from './index'
import { asList, decText, intValue, isObject, list, plain } from './shape'
import { triggerOrder } from './schemas'

/** One level as [price, qty]; the cumulative size / value columns some venues append are dropped. */
function level(v: LosslessValue): [string, string] {
  const cols = Array.isArray(v) ? v : isObject(v) ? [v['price'] ?? null, v['qty'] ?? v['quantity'] ?? null] : []
  return [String(decText(cols[0])), String(decText(cols[1]))]
}

/**
 * `time: null` (some venues) stays null rather than being replaced by a local time: a fabricated stamp would
 * mislead whoever orders this snapshot against WebSocket frames. Callers use their receive time when null.
 */
export function normalizeOrderBook(v: LosslessValue | undefined): unknown {
  const o = isObject(v) ? v : {}
  const out = plain(o) as Record<string, unknown>
  out['time'] = o['time'] === undefined || o['time'] === null ? null : intValue(o['time'])
  out['bids'] = asList(o['bids']).map(level)
  out['asks'] = asList(o['asks'] ?? null).map(level)
  return out
}

/**
 * Documented shape {contractName, indexPrice, markPrice, lastFundingRate, time} from either the documented
 * answer or the live one {currentFundRate, indexPrice, tagPrice, nextFundRate}.
 */
export function normalizeFuturesIndex(v: LosslessValue | undefined, ctx: NormalizeContext): unknown {
  const o = isObject(v) ? v : {}
  const out: Record<string, unknown> = {
    contractName: o['contractName'] ?? ctx.params['contractName'] ?? null,
    indexPrice: decText(o['indexPrice']),
    markPrice: decText(o['markPrice'] ?? o['tagPrice']),
    lastFundingRate: decText(o['lastFundingRate'] ?? o['currentFundRate']),
    time: o['time'] === undefined || o['time'] === null ? ctx.receivedAt : intValue(o['time'])
  }
  if (o['nextFundRate'] !== undefined) out['nextFundingRate'] = decText(o['nextFundRate'])
  return out
}

/** Some venues number stop-loss / take-profit 1 / 2; the terminal always reads 3 / 4 (the spec's codes). */
const TRIGGER_TYPE: Record<string, number> = { '1': 3, '2': 4 }

export function normalizeTriggerList(v: LosslessValue | undefined): unknown {
  const o = isObject(v) ? v : {}
  const orders = list(triggerOrder)(o['trigOrderList'] ?? (Array.isArray(v) ? v : null)) as Record<string, unknown>[]
  for (const t of orders) {
    const mapped = TRIGGER_TYPE[String(t['triggerType'])]
    if (mapped !== undefined) t['triggerType'] = mapped
  }
  return { ...(plain(o) as object), count: intValue(o['count'] ?? String(orders.length)), trigOrderList: orders }
}
