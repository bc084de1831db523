// The orders panel: open orders from the account poll, cancel one / selected (as a batch) / all of a symbol,
// trade history paging by id, futures history, trigger orders, and the CSV export's exact content.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OpenOrderView, UserTradeView } from '@shared/ipc/views/account'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import { click, mountPanel } from './setup'

function order(id: string, o: Partial<OpenOrderView> = {}): OpenOrderView {
  return { module: 'spot', symbol: 'btcusdt', orderId: id, clientOrderId: null, side: 'BUY', type: 'LIMIT', price: '60000.00', volume: '0.010000', executed: '0', avgPrice: '0', status: 'NEW', time: 1_700_000_000_000 + Number(id.slice(-3)), open: null, ...o }
}
const IDS = ['9007199254740993', '9007199254740994', '9007199254740995']
const cancelAck = (orderId: string) => ({ status: 'canceled' as const, module: 'spot' as const, symbol: 'btcusdt', orderId, clientOrderId: 'c', reconciled: false, error: null })

/** Captures what downloadCsv hands to the browser. */
function captureDownloads(): Blob[] {
  const blobs: Blob[] = []
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:x'))
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  return blobs
}
afterEach(() => vi.restoreAllMocks())

describe('OrdersPanel: open orders', () => {
  it('lists the open orders of the selected symbol and asks main to poll that symbol', async () => {
    const { wrapper, fake, account } = await mountPanel(OrdersPanel, {}, { 'account.trades': () => [] })
    await account({ openOrders: [order(IDS[0]!), order('5', { symbol: 'ethusdt' })] })
    const rows = wrapper.findAll('[data-testid="open-orders"] tbody tr')
    expect(rows).toHaveLength(1)
    expect(rows[0]!.attributes('data-order-id')).toBe(IDS[0])
    expect(rows[0]!.text()).toContain('60,000.00')
    expect(fake.subscribed('account.onUpdate').at(-1)).toMatchObject({ spotSymbols: ['btcusdt'], futures: true })
    await wrapper.get('[data-testid="open-orders-all"]').setValue(true)
    expect(wrapper.findAll('[data-testid="open-orders"] tbody tr')).toHaveLength(2)
  })

  it('cancels one order, then the selected ones in one batch, then all of the symbol', async () => {
    const { wrapper, fake, account } = await mountPanel(OrdersPanel, {}, {
      'trading.cancelOrder': (i) => cancelAck(i.orderId!),
      'trading.batchCancel': (i) => ({ results: i.orderIds.map(cancelAck) }),
      'trading.cancelAll': () => ({ results: [cancelAck('9007199254740996')] })
    })
    await account({ openOrders: IDS.map((id) => order(id)) })
    await wrapper.findAll('[data-testid="cancel-order"]').at(-1)!.trigger('click') // oldest (sorted newest first)
    await vi.waitFor(() => expect(fake.inputs('trading.cancelOrder')).toEqual([{ module: 'spot', symbol: 'btcusdt', orderId: IDS[0] }]))
    await vi.waitFor(() => expect(wrapper.findAll('[data-testid="open-orders"] tbody tr')).toHaveLength(2))

    const boxes = wrapper.findAll('[data-testid="open-orders"] tbody input[type="checkbox"]')
    for (const b of boxes) await b.setValue(true)
    expect(wrapper.get('[data-testid="cancel-selected"]').text()).toBe('Cancel selected (2)')
    await click(wrapper, 'cancel-selected')
    expect(fake.inputs('trading.batchCancel')).toEqual([{ module: 'spot', symbol: 'btcusdt', orderIds: [IDS[2], IDS[1]] }])
    expect(wrapper.get('[data-testid="open-orders-message"]').text()).toBe('2 canceled')

    await account({ openOrders: [order('9007199254740996')] })
    expect(wrapper.get('[data-testid="cancel-all"]').text()).toBe('Cancel all btcusdt')
    await click(wrapper, 'cancel-all')
    await click(wrapper, 'cancel-all-confirm')
    expect(fake.inputs('trading.cancelAll')).toEqual([{ module: 'spot', symbol: 'btcusdt' }])
  })

  it('exports the shown open orders as CSV with exact decimals and string ids', async () => {
    const blobs = captureDownloads()
    const { wrapper, account } = await mountPanel(OrdersPanel)
    await account({ openOrders: [order(IDS[0]!, { clientOrderId: 'a,"b"', price: '60000.10' })] })
    await click(wrapper, 'open-orders-csv')
    expect(await blobs[0]!.text()).toBe(
      'time,module,symbol,orderId,clientOrderId,side,open,type,price,volume,executed,avgPrice,status\r\n' +
        `${new Date(1_700_000_000_993).toISOString()},spot,btcusdt,9007199254740993,"a,""b""",BUY,,LIMIT,60000.10,0.010000,0,0,NEW\r\n`
    )
  })
})

describe('OrdersPanel: history', () => {
  const trade = (id: string): UserTradeView => ({ module: 'spot', symbol: 'btcusdt', id, side: 'BUY', price: '65000.00', qty: '0.01', fee: '0.00001', feeCoin: 'BTC', isMaker: false, time: Number(id) })

  it('pages trades forward from an id, with ids kept as strings', async () => {
    const page1 = Array.from({ length: 50 }, (_, n) => trade(String(9007199254740900n + BigInt(n))))
    const { wrapper, fake } = await mountPanel(OrdersPanel, {}, { 'account.trades': (i) => (i.fromId === '0' ? page1 : [trade('9007199254741000')]) })
    await click(wrapper, 'orders-tab-trades')
    expect(fake.inputs('account.trades')[0]).toEqual({ module: 'spot', symbol: 'btcusdt', limit: 50 })
    await wrapper.findAll('.t-tab').find((b) => b.text() === 'From start')!.trigger('click')
    await vi.waitFor(() => expect(wrapper.findAll('[data-testid="trade-history"] tbody tr')).toHaveLength(50))
    await click(wrapper, 'pager-next')
    expect(fake.inputs('account.trades').at(-1)).toEqual({ module: 'spot', symbol: 'btcusdt', limit: 50, fromId: '9007199254740950' })
    await vi.waitFor(() => expect(wrapper.findAll('[data-testid="trade-history"] tbody tr')).toHaveLength(1))
    await click(wrapper, 'pager-prev')
    expect(fake.inputs('account.trades').at(-1)).toMatchObject({ fromId: '0' })
  })

  it('shows the futures order history and the trigger orders, and cancels a trigger', async () => {
    const { wrapper, fake } = await mountPanel(OrdersPanel, { module: 'Futures' }, {
      'account.orderHistory': () => [
        { orderId: '11', contractName: 'E-BTC-USDT', side: 'BUY', openOrClose: 'OPEN', positionType: 1, type: 2, price: '0', volume: '300', dealVolume: '4', dealMoney: '260', avgPrice: '65000.0', leverageLevel: 10, openTakerFeeRate: '0', openMakerFeeRate: '0', closeTakerFeeRate: '0', closeMakerFeeRate: '0', status: 2, ctime: '', ctimeMs: 1 }
      ],
      'account.triggerOrders': () => ({ count: 1, orders: [{ id: '21', triggerOrderId: '21', contractId: 1, contractName: 'E-BTC-USDT', marginCoin: 'USDT', multiplier: '0.001', triggerPrice: '60000.0', price: '0', pricePrecision: 1, volume: '4', open: 'CLOSE', side: 'SELL', status: 1, expireTime: 0, ctime: 1, mtime: 1, triggerType: 3 }] }),
      'trading.cancelTrigger': () => ({ orderId: '21', clientOrderId: null })
    })
    await click(wrapper, 'orders-tab-history')
    expect(wrapper.get('[data-testid="order-history"]').text()).toContain('MARKET')
    expect(wrapper.get('[data-testid="order-history"]').text()).toContain('FILLED')
    await click(wrapper, 'orders-tab-triggers')
    expect(wrapper.get('[data-testid="trigger-orders"]').text()).toContain('Stop-loss')
    await click(wrapper, 'cancel-trigger')
    expect(fake.inputs('trading.cancelTrigger')).toEqual([{ symbol: 'E-BTC-USDT', orderId: '21' }])
  })
})
