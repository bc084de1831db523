// The TP/SL keeper resizes only the legs this terminal placed as TP/SL: a leg larger than the position is replaced
// (new one first, then the old one cancelled); a trailing stop or another client's conditional close of the same
// shape is never touched, nor a leg already within the position. Fake venue list and fake futures service.
import { describe, expect, it } from 'vitest'
import type { PositionView } from '@shared/ipc/views/account'
import { TpSlKeeper } from '../../../src-main/services/tpsl-keeper'

const leg = (id: string, volume: string, triggerType: 3 | 4, triggerPrice: string) => ({
  id,
  triggerOrderId: id,
  contractId: 1,
  contractName: 'E-BTC-USDT',
  marginCoin: 'USDT',
  multiplier: '0.001',
  triggerPrice,
  price: '0',
  pricePrecision: 1,
  volume,
  open: 'CLOSE',
  side: 'SELL',
  status: 1,
  expireTime: 0,
  ctime: 1,
  mtime: 1,
  triggerType
})

function rig(list: ReturnType<typeof leg>[], mine: string[]) {
  const calls: string[] = []
  const keeper = new TpSlKeeper({
    venues: { get: () => ({ client: { call: async () => ({ count: list.length, trigOrderList: list }) } }) } as never,
    futures: {
      tpslLegs: () => new Set(mine),
      placeTpSl: async (i: {
        stopLoss?: { volume: string; triggerPrice: string }
        takeProfit?: { volume: string; triggerPrice: string }
      }) => {
        const l = i.stopLoss ?? i.takeProfit!
        calls.push(`place ${i.stopLoss ? 'SL' : 'TP'} ${l.volume} at ${l.triggerPrice}`)
        return { triggerIds: ['new'], actionId: 'a' }
      },
      cancelTrigger: async (i: { orderId: string }) => {
        calls.push(`cancel ${i.orderId}`)
        return { orderId: i.orderId, actionId: 'a' }
      }
    } as never,
    log: () => undefined
  })
  return { keeper, calls }
}

const position = (volume: string) =>
  ({ id: 'p1', contractName: 'E-BTC-USDT', side: 'BUY', volume, status: 1, positionType: 1 }) as unknown as PositionView

describe('TP/SL keeper', () => {
  it('resizes its own legs larger than the position, new first, and leaves the rest alone', async () => {
    const list = [
      leg('sl', '45', 3, '60000'),
      leg('tp', '45', 4, '70000'),
      leg('trail', '45', 3, '61000'),
      leg('small', '10', 4, '72000')
    ]
    const { keeper, calls } = rig(list, ['sl', 'tp', 'small'])
    keeper.saw('pf', [position('45')])
    await keeper.idle()
    expect(calls).toEqual([]) // first sight of the position: nothing to fit (every leg is within 45)
    keeper.saw('pf', [position('25')])
    await keeper.idle()
    expect(calls).toEqual(['place SL 25 at 60000', 'cancel sl', 'place TP 25 at 70000', 'cancel tp'])
  })

  it('touches nothing it did not place, even when larger than the position', async () => {
    const { keeper, calls } = rig([leg('other', '45', 3, '60000')], [])
    keeper.saw('pf', [position('45')])
    keeper.saw('pf', [position('20')])
    await keeper.idle()
    expect(calls).toEqual([])
  })
})
