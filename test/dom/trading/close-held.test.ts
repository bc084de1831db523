// A position whose contracts are partly held by a resting close order: the venue refuses a close beyond what is left
// ("insufficient balance", found in a trader trial: Close all failed with it). The row says so in words with the
// quantity it can close; Close all cancels those close orders first, says so in its confirmation, then closes.
import { describe, expect, it } from 'vitest'
import type { OpenOrderView } from '@shared/ipc/views/account'
import PositionPanel from '../../../src-renderer/src/panels/PositionPanel.vue'
import { usePositionActionsStore } from '../../../src-renderer/src/stores/position-actions'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { click, mountPanel } from './setup'
import { algoView } from '../algos/algo-view'
import { placedAck, position, POSITION_RECORDS } from './fixtures'

const records = { ...POSITION_RECORDS, 'account.triggerOrders': () => ({ count: 0, orders: [] }) }
const closeOrder: OpenOrderView = {
  module: 'futures',
  symbol: 'E-BTC-USDT',
  orderId: '9007199254740999',
  clientOrderId: null,
  side: 'SELL',
  type: 'LIMIT',
  price: '65509.5',
  volume: '5',
  executed: '0',
  avgPrice: '0',
  status: 'NEW',
  time: 1_700_000_000_000,
  open: 'CLOSE'
}
const text = (w: Awaited<ReturnType<typeof mountPanel>>['wrapper'], id: string) => w.get(`[data-testid="${id}"]`).text()

describe('a position partly held by a close order', () => {
  it('refuses a whole close in words, with what can be closed one click away, and sends nothing', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'trading.placeOrder': () => placedAck({ module: 'futures', symbol: 'E-BTC-USDT' }) }
    )
    await account({ positions: [position({ volume: '23' })], openOrders: [closeOrder] })
    await click(wrapper, 'position-close-market')
    expect(text(wrapper, 'positions-message')).toBe(
      '5 of the 23 contracts are held by resting close orders: at most 18 more can be closed (cancel those orders to close more)'
    )
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    await click(wrapper, 'positions-fix')
    expect((wrapper.get('[data-testid="position-close-qty"]').element as HTMLInputElement).value).toBe('18')
    await click(wrapper, 'position-close-market')
    expect(fake.inputs('trading.placeOrder')).toMatchObject([{ volume: '18', open: 'CLOSE' }])
  })

  it('writes the contracts grouped, as every figure on screen', async () => {
    const { wrapper, account } = await mountPanel(PositionPanel, { module: 'futures' }, records)
    await account({ positions: [position({ volume: '2300' })], openOrders: [{ ...closeOrder, volume: '1500' }] })
    await click(wrapper, 'position-close-market')
    expect(text(wrapper, 'positions-message')).toBe(
      '1,500 of the 2,300 contracts are held by resting close orders: at most 800 more can be closed (cancel those orders to close more)'
    )
  })

  it('close all cancels the close orders first, as its confirmation says, then closes the whole position', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures', confirm: true },
      {
        ...records,
        'trading.placeOrder': () => placedAck({ module: 'futures', symbol: 'E-BTC-USDT' }),
        'trading.cancelOrder': (i) => ({
          status: 'canceled' as const,
          module: 'futures' as const,
          symbol: 'E-BTC-USDT',
          orderId: i.orderId!,
          clientOrderId: 'c',
          reconciled: false,
          error: null
        })
      }
    )
    await account({ positions: [position({ volume: '23' })], openOrders: [closeOrder] })
    await click(wrapper, 'positions-close-all')
    expect(wrapper.findAll('[data-testid="position-confirm-lines"] li').map((l) => l.text())).toEqual([
      expect.stringMatching(/^Long 23 contracts of BTC\/USDT perpetual \(PnL /),
      'first cancels the resting close orders of 5 contracts on BTC/USDT perpetual, which hold them'
    ])
    expect(fake.calls.filter((c) => c.channel.startsWith('trading.'))).toEqual([])
    await click(wrapper, 'position-confirm-send')
    expect(fake.calls.filter((c) => c.channel.startsWith('trading.')).map((c) => [c.channel, c.input])).toEqual([
      ['trading.cancelOrder', { module: 'futures', symbol: 'E-BTC-USDT', orderId: '9007199254740999' }],
      [
        'trading.placeOrder',
        {
          module: 'futures',
          symbol: 'E-BTC-USDT',
          positionType: 1,
          side: 'SELL',
          type: 'MARKET',
          volume: '23',
          open: 'CLOSE'
        }
      ]
    ])
  })

  const cancelAnswer = (status: 'canceled' | 'rejected', orderId: string) => ({
    status,
    module: 'futures' as const,
    symbol: 'E-BTC-USDT',
    orderId,
    clientOrderId: 'c',
    reconciled: false,
    error: null
  })

  it('close all stops, sending nothing more, once the window shows another account (review: it closed there)', async () => {
    const long = position({ volume: '23' })
    const short = position({ id: '9007199254740995', side: 'SELL', volume: '4' })
    const { fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      {
        ...records,
        'trading.placeOrder': () => placedAck({ module: 'futures', symbol: 'E-BTC-USDT' }),
        // The switch comes while the first position's close order is being cancelled.
        'trading.cancelOrder': (i) => {
          useProfilesStore().activeId = 'another-account'
          return cancelAnswer('canceled', i.orderId!)
        }
      }
    )
    await account({ positions: [long, short], openOrders: [closeOrder] })
    const shown = 'the-account-shown'
    useProfilesStore().activeId = shown
    const out = (await usePositionActionsStore().closeAll([long, short] as never)).closes
    const sent = fake.calls.filter((c) => c.channel.startsWith('trading.'))
    expect(sent.map((c) => [c.channel, c.input])).toEqual([
      [
        'trading.cancelOrder',
        { profileId: shown, module: 'futures', symbol: 'E-BTC-USDT', orderId: closeOrder.orderId }
      ]
    ])
    expect(out.map((o) => [o.ok, o.text])).toEqual([
      [false, 'the account shown changed before this step: nothing more was sent'],
      [false, 'the account shown changed before this step: nothing more was sent']
    ])
  })

  it('close all names how many close orders it had cancelled when one could not be, and closes nothing', async () => {
    const second = { ...closeOrder, orderId: '9007199254741001', volume: '3' }
    const { fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      {
        ...records,
        'trading.placeOrder': () => placedAck({ module: 'futures', symbol: 'E-BTC-USDT' }),
        'trading.cancelOrder': (i) => cancelAnswer(i.orderId === second.orderId ? 'rejected' : 'canceled', i.orderId!)
      }
    )
    const long = position({ volume: '23' })
    await account({ positions: [long], openOrders: [closeOrder, second] })
    const [out] = (await usePositionActionsStore().closeAll([long] as never)).closes
    expect(out!.ok).toBe(false)
    expect(out!.text).toBe(
      'BTC/USDT perpetual: its resting close orders were not all cancelled (rejected; 1 of 2 were); not closed'
    )
    expect(fake.inputs('trading.placeOrder')).toEqual([])
  })

  it('close all names the algorithms still running on a contract it closes (they may open it again)', async () => {
    const { wrapper, fake, account } = await mountPanel(PositionPanel, { module: 'futures', confirm: true }, records)
    await account({ positions: [position({ volume: '23' })] })
    const twap = algoView({ kind: 'twap', module: 'futures', symbol: 'E-BTC-USDT', state: 'working', open: 'OPEN' })
    const done = algoView({ id: 'a-done', module: 'futures', symbol: 'E-BTC-USDT', state: 'done' })
    const spot = algoView({ id: 'a-spot', module: 'spot', symbol: 'btcusdt', state: 'working' })
    await fake.emit('algos.onChange', { algos: [twap, done, spot] })
    await click(wrapper, 'positions-close-all')
    expect(wrapper.findAll('[data-testid="position-confirm-lines"] li').map((l) => l.text())).toEqual([
      expect.stringMatching(/^Long 23 contracts of BTC\/USDT perpetual \(PnL /),
      '1 algorithm still runs on BTC/USDT perpetual and may open it again'
    ])
  })
})
