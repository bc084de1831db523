// The orders panel: open orders from the account poll, cancel one / selected (as a batch) / all of a symbol,
// trade history paging by id, the spot/margin history main keeps (cursor paging, live reload), futures history,
// trigger orders, and the CSV export's exact content.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { OpenOrderView, UserTradeView } from '@shared/ipc/views/account'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import { ContractError } from '@shared/ipc/contract-kit'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { setLocale } from '../../../src-renderer/src/i18n'
import { click, mountPanel } from './setup'
import { position, snapshot } from './fixtures'

function order(id: string, o: Partial<OpenOrderView> = {}): OpenOrderView {
  return {
    module: 'spot',
    symbol: 'btcusdt',
    orderId: id,
    clientOrderId: null,
    side: 'BUY',
    type: 'LIMIT',
    price: '60000.00',
    volume: '0.010000',
    executed: '0',
    avgPrice: '0',
    status: 'NEW',
    time: 1_700_000_000_000 + Number(id.slice(-3)),
    open: null,
    ...o
  }
}
const IDS = ['9007199254740993', '9007199254740994', '9007199254740995']
const cancelAck = (orderId: string) => ({
  status: 'canceled' as const,
  module: 'spot' as const,
  symbol: 'btcusdt',
  orderId,
  clientOrderId: 'c',
  reconciled: false,
  error: null
})

/** Captures what downloadCsv hands to the browser. */
function captureDownloads(): Blob[] {
  const blobs: Blob[] = []
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:x'))
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  return blobs
}
afterEach(() => {
  vi.restoreAllMocks()
  setLocale('en')
})

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
    const { wrapper, fake, account } = await mountPanel(
      OrdersPanel,
      {},
      {
        'trading.cancelOrder': (i) => cancelAck(i.orderId!),
        'trading.batchCancel': (i) => ({ results: i.orderIds.map(cancelAck) }),
        'trading.cancelAll': () => ({ results: [cancelAck('9007199254740996')] })
      }
    )
    await account({ openOrders: IDS.map((id) => order(id)) })
    await wrapper.findAll('[data-testid="cancel-order"]').at(-1)!.trigger('click') // oldest (sorted newest first)
    await vi.waitFor(
      () =>
        expect(fake.inputs('trading.cancelOrder')).toEqual([{ module: 'spot', symbol: 'btcusdt', orderId: IDS[0] }]),
      { timeout: 5000 }
    )
    await vi.waitFor(() => expect(wrapper.findAll('[data-testid="open-orders"] tbody tr')).toHaveLength(2), {
      timeout: 5000
    })

    const boxes = wrapper.findAll('[data-testid="open-orders"] tbody input[type="checkbox"]')
    for (const b of boxes) await b.setValue(true)
    expect(wrapper.get('[data-testid="cancel-selected"]').text()).toBe('Cancel selected (2)')
    await click(wrapper, 'cancel-selected')
    expect(fake.inputs('trading.batchCancel')).toEqual([
      { module: 'spot', symbol: 'btcusdt', orderIds: [IDS[2], IDS[1]] }
    ])
    expect(wrapper.get('[data-testid="open-orders-message"]').text()).toBe('2 canceled')

    await account({ openOrders: [order('9007199254740996')] })
    expect(wrapper.get('[data-testid="cancel-all"]').text()).toBe('Cancel all on BTC/USDT')
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
  const trade = (id: string): UserTradeView => ({
    module: 'spot',
    symbol: 'btcusdt',
    id,
    side: 'BUY',
    price: '65000.00',
    qty: '0.01',
    fee: '0.00001',
    feeCoin: 'BTC',
    isMaker: false,
    time: Number(id)
  })

  it('pages trades forward from an id, with ids kept as strings', async () => {
    const page1 = Array.from({ length: 50 }, (_, n) => trade(String(9007199254740900n + BigInt(n))))
    const { wrapper, fake } = await mountPanel(
      OrdersPanel,
      {},
      { 'account.trades': (i) => (i.fromId === '0' ? page1 : [trade('9007199254741000')]) }
    )
    await click(wrapper, 'orders-tab-trades')
    expect(fake.inputs('account.trades')[0]).toEqual({ module: 'spot', symbol: 'btcusdt', limit: 50 })
    await wrapper
      .findAll('.t-tab')
      .find((b) => b.text() === 'From start')!
      .trigger('click')
    await vi.waitFor(() => expect(wrapper.findAll('[data-testid="trade-history"] tbody tr')).toHaveLength(50), {
      timeout: 5000
    })
    await click(wrapper, 'pager-next')
    expect(fake.inputs('account.trades').at(-1)).toEqual({
      module: 'spot',
      symbol: 'btcusdt',
      limit: 50,
      fromId: '9007199254740950'
    })
    await vi.waitFor(() => expect(wrapper.findAll('[data-testid="trade-history"] tbody tr')).toHaveLength(1), {
      timeout: 5000
    })
    await click(wrapper, 'pager-prev')
    expect(fake.inputs('account.trades').at(-1)).toMatchObject({ fromId: '0' })
  })

  it('offers no CSV of an empty futures order history', async () => {
    const { wrapper } = await mountPanel(
      OrdersPanel,
      { module: 'futures' },
      { 'account.orderHistory': () => [], 'account.triggerOrders': () => ({ count: 0, orders: [] }) }
    )
    await click(wrapper, 'orders-tab-history')
    await vi.waitFor(() => expect(wrapper.get('[data-testid="order-history"]').text()).toContain('No orders yet'), {
      timeout: 5000
    })
    expect(wrapper.get('[data-testid="order-history-csv"]').attributes('disabled')).toBeDefined()
  })

  it("reads the futures order history's first page again when main's poll shows a position or fill move", async () => {
    const { wrapper, fake } = await mountPanel(
      OrdersPanel,
      { module: 'futures' },
      { 'account.orderHistory': () => [], 'account.triggerOrders': () => ({ count: 0, orders: [] }) }
    )
    await click(wrapper, 'orders-tab-history')
    await vi.waitFor(() => expect(fake.inputs('account.orderHistory')).toHaveLength(1), { timeout: 5000 })
    // A market open filled at once: it never rested, only the position says so.
    fake.emit('account.onUpdate', snapshot({ positions: [position({ volume: '764' })] }))
    await vi.waitFor(() => expect(fake.inputs('account.orderHistory')).toHaveLength(2), { timeout: 5000 })
  })

  it('shows the futures order history and the trigger orders, and cancels a trigger', async () => {
    const { wrapper, fake } = await mountPanel(
      OrdersPanel,
      { module: 'futures' },
      {
        'account.orderHistory': () => [
          {
            orderId: '11',
            contractName: 'E-BTC-USDT',
            side: 'BUY',
            openOrClose: 'OPEN',
            positionType: 1,
            type: 2,
            price: '0',
            volume: '300',
            dealVolume: '4',
            dealMoney: '260',
            avgPrice: '65000.0',
            leverageLevel: 10,
            openTakerFeeRate: '0',
            openMakerFeeRate: '0',
            closeTakerFeeRate: '0',
            closeMakerFeeRate: '0',
            status: 2,
            ctime: '',
            ctimeMs: 1
          }
        ],
        'account.triggerOrders': () => ({
          count: 1,
          orders: [
            {
              id: '21',
              triggerOrderId: '21',
              contractId: 1,
              contractName: 'E-BTC-USDT',
              marginCoin: 'USDT',
              multiplier: '0.001',
              triggerPrice: '60000.0',
              price: '0',
              pricePrecision: 1,
              volume: '4',
              open: 'CLOSE',
              side: 'SELL',
              status: 1,
              expireTime: 0,
              ctime: 1,
              mtime: 1,
              triggerType: 3
            }
          ]
        }),
        'trading.cancelTrigger': () => ({ orderId: '21', clientOrderId: null })
      }
    )
    await click(wrapper, 'orders-tab-history')
    // A market order: no price of 0 but "Market" and its average; sizes in contracts; the state in words.
    const cells = (t: string) => wrapper.get(`[data-testid="order-history"] [data-testid="history-${t}"]`).text()
    expect([cells('price'), cells('amount'), cells('filled'), cells('avg'), cells('status')]).toEqual([
      'Market',
      '300 contracts',
      '4 contracts',
      '65,000.0',
      'Filled'
    ])
    expect(wrapper.get('[data-testid="order-history-csv"]').attributes('disabled')).toBeUndefined()
    await click(wrapper, 'orders-tab-triggers')
    expect(wrapper.get('[data-testid="trigger-orders"]').text()).toContain('Stop-loss')
    await click(wrapper, 'cancel-trigger')
    expect(fake.inputs('trading.cancelTrigger')).toEqual([{ symbol: 'E-BTC-USDT', orderId: '21' }])
  })
})

describe('OrdersPanel: spot and margin order history (kept by main)', () => {
  const entry = (orderId: string, o: Partial<OrderHistoryEntryView> = {}): OrderHistoryEntryView => ({
    module: 'spot',
    symbol: 'btcusdt',
    orderId,
    clientOrderId: `c${orderId}`,
    side: 'BUY',
    type: 'LIMIT',
    price: '60000.10',
    volume: '0.010000',
    executed: '0.010000',
    avgPrice: '60000.10',
    status: 'FILLED',
    final: true,
    time: 1_700_000_000_000,
    updatedAt: 1_700_000_000_500,
    ...o
  })
  const page1 = Array.from({ length: 50 }, (_, n) => entry(String(9007199254740993n + BigInt(n))))

  it('shows the first page of the symbol, pages by the cursor main names, and shows final states', async () => {
    const { wrapper, fake } = await mountPanel(
      OrdersPanel,
      {},
      {
        'trading.orderHistory': (i) =>
          i.before
            ? { orders: [entry('7', { status: 'CANCELED', executed: '0', avgPrice: null })], nextCursor: null }
            : { orders: page1, nextCursor: '1700000000000:9007199254740993:spot' }
      }
    )
    await click(wrapper, 'orders-tab-history')
    expect(fake.inputs('trading.orderHistory')).toEqual([{ module: 'spot', limit: 50, symbol: 'btcusdt' }])
    expect(wrapper.findAll('[data-testid="order-history"] tbody tr')).toHaveLength(50)
    expect(wrapper.find('[data-testid="order-history"] tbody tr').attributes('data-order-id')).toBe('9007199254740993')
    expect(wrapper.get('[data-testid="order-history"] [data-testid="history-status"]').text()).toBe('Filled')
    expect(wrapper.get('[data-testid="order-history"] [data-testid="history-amount"]').text()).toBe('0.01 BTC')
    await click(wrapper, 'pager-next')
    expect(fake.inputs('trading.orderHistory').at(-1)).toEqual({
      module: 'spot',
      limit: 50,
      symbol: 'btcusdt',
      before: '1700000000000:9007199254740993:spot'
    })
    const rows = wrapper.findAll('[data-testid="order-history"] tbody tr')
    expect(rows.map((r) => [r.attributes('data-order-id'), r.attributes('data-status')])).toEqual([['7', 'CANCELED']])
    expect(rows[0]!.get('[data-testid="history-status"]').text()).toBe('Canceled 0.01 BTC not bought')
    expect(wrapper.get('[data-testid="pager-next"]').attributes('disabled')).toBeDefined()
    await click(wrapper, 'pager-prev')
    expect(fake.inputs('trading.orderHistory').at(-1)).toEqual({ module: 'spot', limit: 50, symbol: 'btcusdt' })
    await wrapper.get('[data-testid="order-history-all"]').setValue(true)
    await vi.waitFor(() => expect(fake.inputs('trading.orderHistory').at(-1)).toEqual({ module: 'spot', limit: 50 }), {
      timeout: 5000
    })
  })

  it('asks for the margin history on margin, shows loading then the empty state', async () => {
    let answer: (v: { orders: OrderHistoryEntryView[]; nextCursor: null }) => void = () => undefined
    const { wrapper, fake } = await mountPanel(
      OrdersPanel,
      { module: 'margin' },
      { 'trading.orderHistory': () => new Promise((r) => (answer = r)) }
    )
    await click(wrapper, 'orders-tab-history')
    expect(fake.inputs('trading.orderHistory')[0]).toMatchObject({ module: 'margin' })
    expect(wrapper.find('[data-testid="order-history-loading"]').exists()).toBe(true)
    answer({ orders: [], nextCursor: null })
    await vi.waitFor(
      () =>
        expect(wrapper.get('[data-testid="order-history"]').text()).toContain(
          'No margin orders on BTC/USDT margin yet'
        ),
      { timeout: 5000 }
    )
    expect(wrapper.get('[data-testid="order-history-csv"]').attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-testid="order-history-loading"]').exists()).toBe(false)
  })

  it('reloads the first page when main reports a change from any window', async () => {
    vi.useFakeTimers()
    try {
      let status = 'NEW'
      const { wrapper, fake } = await mountPanel(
        OrdersPanel,
        {},
        {
          'trading.orderHistory': () => ({
            orders: [entry('5', { status, final: status !== 'NEW' })],
            nextCursor: null
          })
        }
      )
      await click(wrapper, 'orders-tab-history')
      expect(wrapper.get('[data-testid="order-history"] tbody tr').attributes('data-status')).toBe('NEW')
      status = 'FILLED'
      await fake.emit('trading.onOrderHistory', { orders: [entry('5')] })
      await fake.emit('trading.onOrderHistory', { orders: [entry('5')] }) // coalesced into one reload
      await vi.advanceTimersByTimeAsync(600)
      await flushPromises()
      expect(fake.inputs('trading.orderHistory')).toHaveLength(2)
      expect(wrapper.get('[data-testid="order-history"] tbody tr').attributes('data-status')).toBe('FILLED')
    } finally {
      vi.useRealTimers()
    }
  })

  it('reloads the fills of the shown symbol once per burst of its new fills, never on other changes', async () => {
    vi.useFakeTimers()
    try {
      const { wrapper, fake } = await mountPanel(OrdersPanel, {}, { 'account.trades': () => [] })
      await click(wrapper, 'orders-tab-trades')
      const reads = () => fake.inputs('account.trades').length
      const n = reads()
      await fake.emit('trading.onOrderHistory', {
        orders: [entry('5', { executed: '0', status: 'NEW', final: false })]
      }) // no fill
      await fake.emit('trading.onOrderHistory', { orders: [entry('6', { symbol: 'ethusdt' })] }) // another symbol
      await fake.emit('trading.onOrderHistory', { orders: [entry('7', { module: 'margin' })] }) // another module
      await vi.advanceTimersByTimeAsync(600)
      expect(reads()).toBe(n)
      await fake.emit('trading.onOrderHistory', {
        orders: [entry('5', { executed: '0.005000', status: 'PARTIALLY_FILLED' })]
      })
      await fake.emit('trading.onOrderHistory', { orders: [entry('5', { executed: '0.010000' })] })
      expect(reads()).toBe(n) // not at once
      await vi.advanceTimersByTimeAsync(600)
      expect(reads()).toBe(n + 1) // once for the burst
      await fake.emit('trading.onOrderHistory', { orders: [entry('5', { executed: '0.01', updatedAt: 9 })] }) // the same fill
      await vi.advanceTimersByTimeAsync(600)
      expect(reads()).toBe(n + 1)
    } finally {
      vi.useRealTimers()
    }
  })

  it("clears the previous profile's page when the first page of the new one fails", async () => {
    let fail = false
    const { wrapper } = await mountPanel(
      OrdersPanel,
      {},
      {
        'trading.orderHistory': () => {
          if (fail) throw new ContractError({ code: 'no-profile', message: 'no active profile' })
          return { orders: page1, nextCursor: '1700000000000:9007199254740993:spot' }
        }
      }
    )
    await click(wrapper, 'orders-tab-history')
    expect(wrapper.findAll('[data-testid="order-history"] tbody tr')).toHaveLength(50)
    fail = true
    useProfilesStore().activeId = 'removed'
    await flushPromises()
    expect(wrapper.findAll('[data-testid="order-history"] tbody tr')).toHaveLength(0)
    expect(wrapper.get('[data-testid="order-history"]').text()).toContain('no active profile')
    expect(wrapper.get('[data-testid="pager-next"]').attributes('disabled')).toBeDefined()
  })

  it('exports the shown history as CSV with exact decimals and string ids', async () => {
    const blobs = captureDownloads()
    const { wrapper } = await mountPanel(
      OrdersPanel,
      {},
      {
        'trading.orderHistory': () => ({
          orders: [entry('9007199254740993', { avgPrice: null, executed: '0', status: 'CANCELED' })],
          nextCursor: null
        })
      }
    )
    await click(wrapper, 'orders-tab-history')
    await click(wrapper, 'order-history-csv')
    expect(await blobs[0]!.text()).toBe(
      'time,module,symbol,orderId,clientOrderId,side,type,price,volume,executed,avgPrice,status\r\n' +
        `${new Date(1_700_000_000_000).toISOString()},spot,btcusdt,9007199254740993,c9007199254740993,BUY,LIMIT,60000.10,0.010000,0,,CANCELED\r\n`
    )
  })
})

describe('OrdersPanel in Chinese', () => {
  const headers = (w: Awaited<ReturnType<typeof mountPanel>>['wrapper'], table: string) =>
    w.findAll(`[data-testid="${table}"] thead th`).map((h) => h.text())

  it('tells the open orders, their words, the empty state and the cancel-all confirmation in Simplified Chinese', async () => {
    setLocale('zh-CN')
    const { wrapper, account } = await mountPanel(OrdersPanel)
    expect(wrapper.get('[data-testid="orders-tab-open"]').text()).toBe('当前委托')
    expect(wrapper.get('[data-testid="orders-tab-history"]').text()).toBe('历史委托')
    expect(wrapper.get('[data-testid="open-orders"]').text()).toContain('BTC/USDT 暂无当前委托')
    await account({ openOrders: [order(IDS[0]!), order(IDS[1]!, { side: 'SELL', status: 'PARTIALLY_FILLED' })] })
    expect(headers(wrapper, 'open-orders')).toEqual([
      '',
      '时间',
      '交易对',
      '方向',
      '类型',
      '价格',
      '数量',
      '已成交',
      '状态',
      ''
    ])
    const cells = (id: string) =>
      wrapper
        .get(`[data-testid="open-orders"] tr[data-order-id="${id}"]`)
        .findAll('td')
        .map((c) => c.text())
    expect(cells(IDS[0]!).slice(3, 5)).toEqual(['买入', '限价'])
    expect(cells(IDS[0]!).slice(8)).toEqual(['未成交', '撤单'])
    expect(cells(IDS[1]!)[3]).toBe('卖出')
    expect(cells(IDS[1]!)[8]).toBe('部分成交')
    expect(wrapper.get('[data-testid="cancel-selected"]').text()).toBe('撤销所选 (0)')
    expect(wrapper.get('[data-testid="cancel-all"]').text()).toBe('全部撤单（BTC/USDT）')
    await click(wrapper, 'cancel-all')
    expect(wrapper.get('[data-testid="cancel-all-confirm"]').text()).toMatch(/^撤销 .+ 上的 2 笔委托？$/)
    expect(wrapper.get('[data-testid="open-orders-csv"]').text()).toBe('导出 CSV')
  })

  it('tells a futures order history in words: side and effect, a market order, a state, the pager', async () => {
    setLocale('zh-CN')
    const { wrapper } = await mountPanel(
      OrdersPanel,
      { module: 'futures' },
      {
        'account.orderHistory': () => [
          {
            orderId: '11',
            contractName: 'E-BTC-USDT',
            side: 'SELL',
            openOrClose: 'CLOSE',
            positionType: 1,
            type: 2,
            price: '0',
            volume: '300',
            dealVolume: '300',
            dealMoney: '19500',
            avgPrice: '65000.0',
            leverageLevel: 10,
            openTakerFeeRate: '0',
            openMakerFeeRate: '0',
            closeTakerFeeRate: '0',
            closeMakerFeeRate: '0',
            status: 2,
            ctime: '',
            ctimeMs: 1
          }
        ],
        'account.triggerOrders': () => ({ count: 0, orders: [] })
      }
    )
    await click(wrapper, 'orders-tab-history')
    expect(headers(wrapper, 'order-history')).toEqual([
      '时间',
      '合约',
      '方向',
      '类型',
      '价格',
      '数量',
      '已成交',
      '成交均价',
      '状态'
    ])
    const row = wrapper.get('[data-testid="order-history"] tbody tr').findAll('td')
    expect(row[2]!.text()).toBe('平多')
    expect(row[3]!.text()).toBe('市价')
    expect(wrapper.get('[data-testid="history-price"]').text()).toBe('市价')
    expect(wrapper.get('[data-testid="history-status"]').text()).toBe('完全成交')
    expect(wrapper.text()).toContain('第 1 页')
    expect(wrapper.text()).toContain('最新在前')
    await click(wrapper, 'orders-tab-triggers')
    expect(wrapper.get('[data-testid="orders-tab-triggers"]').text()).toBe('条件委托')
    expect(wrapper.get('[data-testid="trigger-orders"]').text()).toContain('暂无条件委托')
  })

  it('tells the trade history and its empty state in Traditional Chinese', async () => {
    setLocale('zh-TW')
    const { wrapper } = await mountPanel(OrdersPanel, {}, { 'account.trades': () => [] })
    await click(wrapper, 'orders-tab-trades')
    expect(wrapper.get('[data-testid="orders-tab-trades"]').text()).toBe('成交紀錄')
    expect(headers(wrapper, 'trade-history')).toEqual(['時間', '交易對', '方向', '價格', '數量', '手續費', '角色'])
    await vi.waitFor(() => expect(wrapper.get('[data-testid="trade-history"]').text()).toContain('BTC/USDT 暫無成交'), {
      timeout: 5000
    })
    expect(wrapper.get('[data-testid="pager-next"]').text()).toBe('下一頁 ›')
  })
})
