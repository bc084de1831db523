// What a trader does to a position from its row: close a quantity or a share (market or limit) behind the
// confirmation, the TP/SL legs shown and edited (whole or part of the position), reverse and close all. Each
// action's refusals are in words and send nothing; with confirmations on nothing is sent before "Confirm".
import { afterEach, describe, expect, it } from 'vitest'
import type { TriggerOrderView } from '@shared/ipc/views/account'
import PositionPanel from '../../../src-renderer/src/panels/PositionPanel.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { click, mountPanel, type } from './setup'
import { placedAck, position, POSITION_RECORDS } from './fixtures'

const ack = (volume = '1') =>
  placedAck({ module: 'futures', symbol: 'E-BTC-USDT', clientOrderId: `c${volume}`, orderId: '1' })
const mark = (markPrice: string) => ({
  symbol: 'E-BTC-USDT',
  markPrice,
  indexPrice: markPrice,
  lastFundingRate: '0',
  nextFundingRate: null,
  time: 0
})
const leg = (o: Partial<TriggerOrderView>): TriggerOrderView => ({
  id: '71',
  triggerOrderId: '71',
  contractId: 1,
  contractName: 'E-BTC-USDT',
  marginCoin: 'USDT',
  multiplier: '0.001',
  triggerPrice: '60000.0',
  price: '0.0',
  pricePrecision: 1,
  volume: '45',
  open: 'CLOSE',
  side: 'SELL',
  status: 1,
  expireTime: 0,
  ctime: 1,
  mtime: 1,
  triggerType: 3,
  ...o
})
const records = POSITION_RECORDS
const text = (w: { get(s: string): { text(): string } }, id: string) => w.get(`[data-testid="${id}"]`).text()

describe('position row actions', () => {
  it('closes a share of the position only after the confirmation names it, and sends nothing on cancel', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures', confirm: true },
      { ...records, 'account.triggerOrders': () => ({ count: 0, orders: [] }), 'trading.placeOrder': () => ack() }
    )
    await account({ positions: [position()] })
    await click(wrapper, 'position-close-pct-50')
    expect((wrapper.get('[data-testid="position-close-qty"]').element as HTMLInputElement).value).toBe('150')
    await click(wrapper, 'position-close-market')
    expect(text(wrapper, 'position-confirm')).toContain(
      'Close 150 of 300 contracts of the long BTC/USDT perpetual at market on'
    )
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    await click(wrapper, 'position-confirm-cancel')
    expect(wrapper.find('[data-testid="position-confirm"]').exists()).toBe(false)
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    await click(wrapper, 'position-close-market')
    await click(wrapper, 'position-confirm-send')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      {
        module: 'futures',
        symbol: 'E-BTC-USDT',
        positionType: 1,
        side: 'SELL',
        type: 'MARKET',
        volume: '150',
        open: 'CLOSE'
      }
    ])
  })

  it('closes a typed quantity at a limit price, and refuses a quantity beyond the position, a sign or letters', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'account.triggerOrders': () => ({ count: 0, orders: [] }), 'trading.placeOrder': () => ack() }
    )
    await account({ positions: [position({ volume: '45' })] })
    await type(wrapper, 'position-close-qty', '46')
    await click(wrapper, 'position-close-market')
    expect(text(wrapper, 'positions-message')).toBe('the position holds 45 contracts; 46 contracts cannot be closed')
    await type(wrapper, 'position-close-qty', '-5')
    await click(wrapper, 'position-close-market')
    expect(text(wrapper, 'positions-message')).toBe('the quantity to close takes no sign: type the number alone')
    await type(wrapper, 'position-close-qty', '5x')
    await click(wrapper, 'position-close-market')
    expect(text(wrapper, 'positions-message')).toBe(
      'the quantity to close takes digits and one decimal point; "x" is not allowed'
    )
    await type(wrapper, 'position-close-qty', '2.5') // whole contracts on this contract: refused by the order rules
    await click(wrapper, 'position-close-market')
    expect(text(wrapper, 'positions-message')).toBe('size takes whole numbers on BTC/USDT perpetual: 2 or 3')
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    await type(wrapper, 'position-close-qty', '20')
    await type(wrapper, 'position-close-price', '66000.5')
    await click(wrapper, 'position-close-limit')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      {
        module: 'futures',
        symbol: 'E-BTC-USDT',
        positionType: 1,
        side: 'SELL',
        type: 'LIMIT',
        volume: '20',
        open: 'CLOSE',
        price: '66000.5'
      }
    ])
  })

  it('refuses a share that falls between two contract steps, offering both as one-click fixes', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'account.triggerOrders': () => ({ count: 0, orders: [] }), 'trading.placeOrder': () => ack() }
    )
    await account({ positions: [position({ volume: '45' })] })
    await click(wrapper, 'position-close-pct-50')
    expect(text(wrapper, 'positions-message')).toBe(
      '50% of 45 contracts is 22.5 contracts; BTC/USDT perpetual trades whole contracts: 22 or 23'
    )
    expect((wrapper.get('[data-testid="position-close-qty"]').element as HTMLInputElement).value).toBe('')
    await wrapper.findAll('[data-testid="positions-fix"]')[0]!.trigger('click')
    expect((wrapper.get('[data-testid="position-close-qty"]').element as HTMLInputElement).value).toBe('22')
    expect(fake.inputs('trading.placeOrder')).toEqual([])
  })

  it('shows the TP/SL legs in the row, flags one larger than the position, and attaches a partial leg by quantity', async () => {
    const orders = [
      leg({ volume: '45' }),
      leg({ id: '72', triggerOrderId: '72', triggerType: 4, triggerPrice: '70000.0', volume: '10' })
    ]
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      {
        ...records,
        'account.triggerOrders': () => ({ count: 2, orders }),
        'trading.placeTpSl': () => ({ triggerIds: ['73'] })
      }
    )
    await account({ positions: [position({ volume: '25' })] })
    await fake.emit('market.onMarkPrice', mark('65000.0'))
    const legs = wrapper.findAll('[data-testid="position-leg"]')
    expect(legs.map((l) => l.get('[data-testid="position-leg-edit"]').text())).toEqual([
      'SL 60,000.0 × 45',
      'TP 70,000.0 × 10'
    ])
    expect(
      legs.map(
        (l) =>
          l.find('[data-testid="position-leg-resizing"]').exists() &&
          l.get('[data-testid="position-leg-resizing"]').text()
      )
    ).toEqual(['larger than the position (25)', false])
    await click(wrapper, 'position-tpsl')
    await type(wrapper, 'tpsl-tp', '72000')
    await type(wrapper, 'tpsl-tp-qty', '26')
    await click(wrapper, 'tpsl-submit')
    expect(text(wrapper, 'positions-message')).toBe('the position holds 25 contracts; 26 contracts cannot be closed')
    await type(wrapper, 'tpsl-tp-qty', '5')
    await click(wrapper, 'tpsl-submit')
    expect(fake.inputs('trading.placeTpSl')).toEqual([
      {
        symbol: 'E-BTC-USDT',
        positionId: '9007199254740993',
        side: 'SELL',
        positionType: 1,
        takeProfit: { triggerPrice: '72000', volume: '5' }
      }
    ])
  })

  it('edits a leg by placing the new one before cancelling the old, behind the confirmation', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures', confirm: true },
      {
        ...records,
        'account.triggerOrders': () => ({ count: 1, orders: [leg({ volume: '25' })] }),
        'trading.placeTpSl': () => ({ triggerIds: ['73'] }),
        'trading.cancelTrigger': () => ({ orderId: '71', clientOrderId: null })
      }
    )
    await account({ positions: [position({ volume: '25' })] })
    await fake.emit('market.onMarkPrice', mark('65000.0'))
    await click(wrapper, 'position-leg-edit')
    expect((wrapper.get('[data-testid="tpsl-sl"]').element as HTMLInputElement).value).toBe('60000.0')
    expect(wrapper.find('[data-testid="tpsl-tp"]').exists()).toBe(false)
    await type(wrapper, 'tpsl-sl', '66000') // above the mark: refused by rule, never put to the confirmation
    await click(wrapper, 'tpsl-submit')
    expect(text(wrapper, 'positions-message')).toBe(
      'a sell stop-loss triggers below the mark price 65000.0; 66000 is not below it'
    )
    expect(wrapper.find('[data-testid="position-confirm"]').exists()).toBe(false)
    await type(wrapper, 'tpsl-sl', '61000')
    await click(wrapper, 'tpsl-submit')
    expect(text(wrapper, 'position-confirm')).toContain(
      'Replace the stop-loss at 60,000.0 × 25 with a stop-loss for the whole position (25 contracts) at trigger 61,000.0, then at market on BTC/USDT perpetual'
    )
    expect(fake.calls.filter((c) => c.channel.startsWith('trading.'))).toEqual([])
    await click(wrapper, 'position-confirm-send')
    expect(fake.calls.filter((c) => c.channel.startsWith('trading.')).map((c) => [c.channel, c.input])).toEqual([
      [
        'trading.placeTpSl',
        {
          symbol: 'E-BTC-USDT',
          positionId: '9007199254740993',
          side: 'SELL',
          positionType: 1,
          stopLoss: { triggerPrice: '61000', volume: '25' }
        }
      ],
      ['trading.cancelTrigger', { symbol: 'E-BTC-USDT', orderId: '71' }]
    ])
  })

  it('reverses: confirms both steps, closes at market, opens the opposite IOC limit only once the account shows the position closed', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures', confirm: true },
      {
        ...records,
        'account.triggerOrders': () => ({ count: 0, orders: [] }),
        'trading.placeOrder': (i) => ack(i.volume)
      }
    )
    await account({ positions: [position({ volume: '45' })] })
    await fake.emit('market.onMarkPrice', mark('65000.0'))
    await click(wrapper, 'position-reverse')
    expect(text(wrapper, 'position-confirm')).toContain(
      'Reverse the long 45 contracts of BTC/USDT perpetual into a short'
    )
    expect(text(wrapper, 'position-confirm-lines')).toContain(
      'open a short of 45 contracts, IOC limit at 64,350.0 (1% beyond the mark 65,000.0)'
    )
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    await click(wrapper, 'position-confirm-send')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      {
        module: 'futures',
        symbol: 'E-BTC-USDT',
        positionType: 1,
        side: 'SELL',
        type: 'MARKET',
        volume: '45',
        open: 'CLOSE'
      }
    ])
    await account({ positions: [] }) // the poll after the close
    expect(fake.inputs('trading.placeOrder')[1]).toEqual({
      module: 'futures',
      symbol: 'E-BTC-USDT',
      positionType: 1,
      side: 'SELL',
      type: 'LIMIT',
      volume: '45',
      price: '64350.0',
      open: 'OPEN',
      timeInForce: 'IOC'
    })
  })

  it('does not open the opposite side when the close has no verdict', async () => {
    const unknown = { ...ack(), status: 'unknown' as const, orderId: null }
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'account.triggerOrders': () => ({ count: 0, orders: [] }), 'trading.placeOrder': () => unknown }
    )
    await account({ positions: [position({ volume: '45' })] })
    await fake.emit('market.onMarkPrice', mark('65000.0'))
    await click(wrapper, 'position-reverse')
    expect(text(wrapper, 'positions-message')).toBe(
      'the close of 45 contracts has no verdict yet (unknown): the opposite side was not opened'
    )
    expect(fake.inputs('trading.placeOrder')).toHaveLength(1)
  })

  it('closes all positions after a confirmation that lists each', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures', confirm: true },
      { ...records, 'account.triggerOrders': () => ({ count: 0, orders: [] }), 'trading.placeOrder': () => ack() }
    )
    await account({
      positions: [position({ volume: '45' }), position({ id: '8', side: 'SELL', volume: '7', positionType: 2 })]
    })
    await click(wrapper, 'positions-close-all')
    expect(text(wrapper, 'position-confirm')).toContain('Close all 2 positions at market')
    expect(wrapper.findAll('[data-testid="position-confirm-lines"] li').map((l) => l.text())).toEqual([
      expect.stringMatching(/^Long 45 contracts of BTC\/USDT perpetual \(PnL /),
      expect.stringMatching(/^Short 7 contracts of BTC\/USDT perpetual \(PnL /)
    ])
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    await click(wrapper, 'position-confirm-send')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      {
        module: 'futures',
        symbol: 'E-BTC-USDT',
        positionType: 1,
        side: 'SELL',
        type: 'MARKET',
        volume: '45',
        open: 'CLOSE'
      },
      {
        module: 'futures',
        symbol: 'E-BTC-USDT',
        positionType: 2,
        side: 'BUY',
        type: 'MARKET',
        volume: '7',
        open: 'CLOSE'
      }
    ])
  })

  it('lists each closing fill with its realized PnL in the PnL history, a partial close included', async () => {
    const fill = {
      tradeId: '90071992547409931',
      symbol: 'E-BTC-USDT',
      side: 'SELL' as const,
      price: '66000.0',
      qty: '20',
      fee: '0.792',
      realized: '20',
      time: Date.UTC(2025, 0, 2)
    }
    const { wrapper, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'account.triggerOrders': () => ({ count: 0, orders: [] }), 'account.closingFills': () => [fill] }
    )
    await account({ positions: [position({ volume: '25' })] })
    await click(wrapper, 'positions-tab-pnl')
    const row = wrapper.get('[data-testid="closing-fill"]')
    expect(
      row
        .findAll('td')
        .slice(1)
        .map((c) => c.text())
    ).toEqual(['BTC/USDT perpetual', 'long', '20', '66,000.0', '+20 USDT', '0.792 USDT'])
  })
})

describe('position row actions in Chinese', () => {
  afterEach(() => setLocale('en'))

  it('tells the table, a row, its legs, a refusal and the close confirmation in Simplified Chinese', async () => {
    setLocale('zh-CN')
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures', confirm: true },
      {
        ...records,
        'account.triggerOrders': () => ({ count: 1, orders: [leg({ volume: '450' })] }),
        'trading.placeOrder': () => ack()
      }
    )
    await account({ positions: [] })
    expect(text(wrapper, 'positions-empty')).toBe('暂无持仓')
    await account({ positions: [position()] })
    await fake.emit('market.onMarkPrice', mark('65000.0'))
    expect(wrapper.get('[data-testid="positions-tab-positions"]').text()).toBe('仓位1')
    expect(wrapper.get('[data-testid="positions-tab-pnl"]').text()).toBe('历史盈亏')
    expect(wrapper.findAll('[data-testid="positions"] thead th').map((h) => h.text())).toEqual([
      '合约',
      '仓位（张）',
      '开仓均价',
      '标记价格',
      '强平价格',
      '保证金',
      '保证金率',
      '未实现盈亏（回报率）',
      '止盈/止损',
      '平仓',
      ''
    ])
    const row = wrapper.get('[data-testid="position-row"]')
    expect(row.find('td').text()).toMatch(/^多仓 .+ 全仓 10x$/)
    expect(text(wrapper, 'position-leg-edit')).toBe('止损 60,000.0 × 450')
    expect(text(wrapper, 'position-leg-resizing')).toBe('大于仓位（300）')
    expect(text(wrapper, 'position-tpsl')).toBe('+ 止盈止损')
    expect(text(wrapper, 'position-close-market')).toBe('市价')
    expect(text(wrapper, 'position-reverse')).toBe('反手')
    // The shared number rules name the field in the window's language.
    await type(wrapper, 'position-close-qty', '-5')
    await click(wrapper, 'position-close-market')
    expect(text(wrapper, 'positions-message')).toContain('平仓数量')
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    await click(wrapper, 'position-close-pct-50')
    await click(wrapper, 'position-close-market')
    expect(text(wrapper, 'position-confirm')).toContain('以市价平仓 BTC/USDT')
    expect(text(wrapper, 'position-confirm')).toContain('多仓：300 张中的 150 张？')
    expect(text(wrapper, 'position-confirm-send')).toBe('确认')
    expect(text(wrapper, 'position-confirm-cancel')).toBe('取消')
    await click(wrapper, 'position-confirm-cancel')
    expect(fake.inputs('trading.placeOrder')).toEqual([])
  })

  it('confirms closing every position in Traditional Chinese', async () => {
    setLocale('zh-TW')
    const { wrapper, account } = await mountPanel(
      PositionPanel,
      { module: 'futures', confirm: true },
      { ...records, 'account.triggerOrders': () => ({ count: 0, orders: [] }), 'trading.placeOrder': () => ack() }
    )
    await account({
      positions: [position({ volume: '45' }), position({ id: '8', side: 'SELL', volume: '7', positionType: 2 })]
    })
    expect(text(wrapper, 'positions-close-all')).toBe('全部平倉')
    await click(wrapper, 'positions-close-all')
    expect(text(wrapper, 'position-confirm')).toContain('以市價全部平倉（2 個倉位）')
    expect(wrapper.findAll('[data-testid="position-confirm-lines"] li').map((l) => l.text())).toEqual([
      expect.stringMatching(/ 多倉 45 張（盈虧 .+ USDT）$/),
      expect.stringMatching(/ 空倉 7 張（盈虧 .+ USDT）$/)
    ])
    expect(text(wrapper, 'position-confirm-send')).toBe('確認')
  })
})
