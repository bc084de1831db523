// Main refuses futures orders by the same rules the UI checks before sending (src-shared/trading): a trailing
// stop's callback ratio, a trigger on the wrong side of the mark the UI is shown, and each TP/SL leg as the order
// type it sends (a LIMIT leg may exceed the market-order volume cap; a MARKET leg may not). Nothing refused is sent.
import { describe, expect, it, vi } from 'vitest'
import type * as S from '@shared/ipc/schemas/trading'
import type { z } from 'zod'
import type { ExchangeClient } from '../../../src-main/client/exchange-client'
import { OperationGuard, type OpSubject } from '../../../src-main/orders/op-guard'
import { FuturesTradingService } from '../../../src-main/services/futures-trading-service'
import type { Instruments } from '../../../src-main/services/instruments'
import type { Venues } from '../../../src-main/services/venues'
import { EBTC } from '../../fixtures/instruments'
import { ServerClock } from '../../../src-main/client/clock'
import { translateIn } from '@shared/i18n/translate'

function rig(mark: string | undefined) {
  const call = vi.fn(async (id: string) =>
    id === 'futures.profitLossOrder.place' ? { triggerIds: ['1'] } : { orderId: '9007199254740993' }
  )
  const client = { call, executor: { clock: new ServerClock({ offsetMs: 0 }) } } as unknown as ExchangeClient
  const venues = {
    get: () => ({ profile: { id: 'p1' }, client, ops: new OperationGuard({ client }) })
  } as unknown as Venues
  const instruments = { contract: async () => EBTC } as unknown as Instruments
  const marks: [string, string][] = []
  const svc = new FuturesTradingService(
    venues,
    instruments,
    { refreshNow: () => undefined },
    (profileId, symbol) => (marks.push([profileId, symbol]), mark)
  )
  return { svc, call, marks }
}
type Conditional = z.output<typeof S.placeConditionalInput>
const stop = (o: Partial<Conditional> = {}): Conditional =>
  ({
    symbol: 'E-BTC-USDT',
    kind: 'stop-loss',
    triggerPrice: '60000',
    side: 'SELL',
    type: 'MARKET',
    volume: '10',
    open: 'CLOSE',
    positionType: 1,
    ...o
  }) as Conditional
const refused = (field: string, text = '') => ({
  contractError: { code: 'order-rule', field, message: expect.stringContaining(text) }
})
type TpSl = z.output<typeof S.placeTpSlInput>
const tpsl = (o: Partial<TpSl>): TpSl =>
  ({ symbol: 'E-BTC-USDT', positionId: '7', side: 'SELL', positionType: 1, ...o }) as TpSl

describe("FuturesTradingService: the UI's rules, in main", () => {
  it('refuses a trailing stop whose callback ratio is not a share below 1, and a trigger on the wrong side of the mark', async () => {
    const { svc, call, marks } = rig('65000.0')
    await expect(
      svc.placeConditional(stop({ kind: 'trailing-stop', triggerPrice: '66000', callbackRatio: '1.5' }))
    ).rejects.toMatchObject(refused('callbackRatio'))
    await expect(svc.placeConditional(stop({ triggerPrice: '66000' }))).rejects.toMatchObject(
      refused('triggerPrice', 'below the mark price 65000.0')
    )
    expect(call).not.toHaveBeenCalled()
    expect(marks[0]).toEqual(['p1', 'E-BTC-USDT'])
    await svc.placeConditional(stop({ kind: 'trailing-stop', triggerPrice: '66000', callbackRatio: '0.01' }))
    expect(call).toHaveBeenCalledTimes(1)
  })

  it("without a followed mark, leaves the trigger's side to the venue but still checks its precision", async () => {
    const { svc, call } = rig(undefined)
    await expect(svc.placeConditional(stop({ triggerPrice: '60000.05' }))).rejects.toMatchObject(
      refused('triggerPrice')
    )
    await svc.placeConditional(stop({ triggerPrice: '66000' }))
    expect(call).toHaveBeenCalledTimes(1)
  })

  it('checks each TP/SL leg as the order it sends, and its trigger against the mark', async () => {
    const { svc, call } = rig('65000.0')
    // 50 000 contracts: above the market-order cap (20 000), within the limit-order cap.
    await expect(svc.placeTpSl(tpsl({ stopLoss: { triggerPrice: '60000', volume: '50000' } }))).rejects.toMatchObject(
      refused('stopLoss.volume')
    )
    await expect(svc.placeTpSl(tpsl({ takeProfit: { triggerPrice: '64000', volume: '10' } }))).rejects.toMatchObject(
      refused('takeProfit.triggerPrice')
    )
    expect(call).not.toHaveBeenCalled()
    await svc.placeTpSl(tpsl({ stopLoss: { triggerPrice: '60000', volume: '50000', type: 'LIMIT', price: '59990' } }))
    expect(call).toHaveBeenCalledTimes(1)
  })
})

describe('FuturesTradingService: what an operation asked for, in words', () => {
  it('names each operation in catalog words the UI tells in its language (its English detail kept)', async () => {
    const call = vi.fn(async (id: string) => (id === 'futures.profitLossOrder.place' ? { triggerIds: ['1', '2'] } : {}))
    const client = { call, executor: { clock: new ServerClock({ offsetMs: 0 }) } } as unknown as ExchangeClient
    const subjects: OpSubject[] = []
    const ops = new OperationGuard({ client, onEvent: (e) => e.type === 'pending' && subjects.push(e.pending.subject) })
    const venues = { get: () => ({ profile: { id: 'p1' }, client, ops }) } as unknown as Venues
    const instruments = { contract: async () => EBTC } as unknown as Instruments
    const svc = new FuturesTradingService(venues, instruments, { refreshNow: () => undefined }, () => '65000.0')
    await svc.placeConditional(stop())
    await svc.placeTpSl(
      tpsl({
        stopLoss: { triggerPrice: '60000', volume: '5' },
        takeProfit: { triggerPrice: '70000', volume: '5' }
      })
    )
    await svc.setMarginMode({ symbol: 'E-BTC-USDT', mode: 'isolated' } as z.output<typeof S.setMarginModeInput>)
    const told = (l: 'en' | 'zh-CN' | 'zh-TW') => subjects.map((s) => translateIn(l, s.words!.key, s.words!.params))
    expect(subjects.map((s) => s.detail)).toEqual([
      'stop-loss SELL CLOSE 10, trigger 60000',
      'TP/SL SELL: stop-loss 5 at 60000, take-profit 5 at 70000',
      'margin mode isolated'
    ])
    expect(told('en')).toEqual([
      'stop-loss: sell 10 to close, trigger 60000',
      'TP/SL sell: stop-loss 5 at 60000, take-profit 5 at 70000',
      'margin mode isolated'
    ])
    expect(told('zh-CN')).toEqual([
      '止损：卖出平仓 10，触发价 60000',
      '止盈止损（卖出）：止损 5，触发价 60000；止盈 5，触发价 70000',
      '保证金模式：逐仓'
    ])
    expect(told('zh-TW')[0]).toBe('停損：賣出平倉 10，觸發價 60000')
  })
})
