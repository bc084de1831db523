// `--flavor live`: answers the way live venues of this family do (api-family-notes.md, "Variance"), so the
// terminal is tested against what real venues send, not only against the spec's ideal shapes.
import type { EndpointDef } from '@shared/api/types'
import type { ErrorAnswer } from '../http/error-answer'
import type { ResponseShaper } from '../http/server'
import type { ParamRecord } from '../http/params'
import { allWithBestPrices, withBestPrices, type BestPrices } from './live-ticker'

/** Chinese texts as live venues send them; the terminal must show its own English text instead. */
const CHINESE_MSG: Record<number, string> = {
  [-1002]: '未授权',
  [-1003]: '请求过于频繁',
  [-1021]: '时间戳超出范围',
  [-1022]: '签名无效',
  [-1102]: '参数错误',
  [-1111]: '精度超出限制',
  [-1121]: '无效的交易对',
  [-1136]: '下单数量过小',
  [-2013]: '订单不存在',
  [-2017]: '余额不足'
}

type Json = Record<string, unknown>
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Depth levels with cumulative size and value columns, and a null time, as some venues send. */
function fourColumnDepth(body: unknown): unknown {
  if (!isObj(body)) return body
  const widen = (levels: unknown): unknown => {
    if (!Array.isArray(levels)) return levels
    let cumQty = 0n
    let scale = 0
    return levels.map((lvl: unknown) => {
      const [price, qty] = lvl as [string, string]
      // Cumulative columns are informational; computed exactly on scaled integers.
      const d = (qty.split('.')[1] ?? '').length
      if (d > scale) {
        cumQty *= 10n ** BigInt(d - scale)
        scale = d
      }
      cumQty += BigInt(qty.replace('.', '')) * 10n ** BigInt(scale - d)
      const s = cumQty.toString().padStart(scale + 1, '0')
      const cum = scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s
      return [price, qty, cum]
    })
  }
  return { ...body, time: null, bids: widen(body['bids']), asks: widen(body['asks']) }
}

const SUCCESS_SHAPES: Record<string, (body: unknown) => unknown> = {
  'spot.order.place': (b) => (isObj(b) ? { ...b, orderId: [b['orderId']] } : b),
  'margin.order.place': (b) => (isObj(b) ? { ...b, orderId: [b['orderId']] } : b),
  'spot.order.cancel': (b) => (isObj(b) ? { ...b, status: 'PENDING_CANCEL' } : b),
  'margin.order.cancel': (b) => (isObj(b) ? { ...b, status: 'PENDING_CANCEL' } : b),
  'spot.openOrders': (b) => ({ list: b }),
  'margin.openOrders': (b) => ({ list: b }),
  'spot.depositHistory': (b) => ({ list: b }),
  'spot.withdrawHistory': (b) => ({ list: b }),
  'spot.depth': fourColumnDepth,
  'futures.depth': fourColumnDepth,
  'spot.time': (b) => (isObj(b) ? { ...b, timezone: '中国标准时间' } : b),
  'futures.time': (b) => (isObj(b) ? { ...b, timezone: '中国标准时间' } : b),
  'futures.openOrders': (b) => (Array.isArray(b) && b.length === 0 ? { code: '0', msg: 'success', data: null } : b),
  'futures.index': (b) =>
    isObj(b)
      ? {
          currentFundRate: b['lastFundingRate'],
          indexPrice: b['indexPrice'],
          tagPrice: b['markPrice'],
          nextFundRate: b['lastFundingRate']
        }
      : b
}

/** Shapes that read the books: the tickers' best bid and ask. */
function tickerShapes(
  bestOf: (name: string) => BestPrices
): Record<string, (body: unknown, params: ParamRecord) => unknown> {
  return {
    'spot.ticker': (b, p) => withBestPrices(b, bestOf(String(p['symbol']))),
    'futures.ticker': (b, p) => withBestPrices(b, bestOf(String(p['contractName']))),
    'futures.allTicker': (b) => allWithBestPrices(b, bestOf)
  }
}

/** The live shaper over the exchange's books (`bestOf`: the best bid and ask of a symbol or contract). */
export function liveShaper(bestOf: (name: string) => BestPrices): ResponseShaper {
  const shapes: Record<string, (body: unknown, params: ParamRecord) => unknown> = {
    ...SUCCESS_SHAPES,
    ...tickerShapes(bestOf)
  }
  return {
    success(def: EndpointDef, body: unknown, params: ParamRecord): unknown {
      const shape = shapes[def.id]
      return shape ? shape(body, params) : body
    },
    error(err: ErrorAnswer): { status: number; body: unknown } {
      // Rate limits keep their 429 (the spec's rule); everything else comes back as HTTP 200.
      const status = err.status === 429 ? 429 : 200
      return {
        status,
        body: {
          code: String(err.code),
          msg: CHINESE_MSG[err.code] ?? '系统繁忙',
          data: null,
          succ: false,
          msgData: err.msg
        }
      }
    }
  }
}
