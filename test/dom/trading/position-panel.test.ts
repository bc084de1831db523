// The position panel: PnL on the live mark, margin rate and liquidation price, close at market / limit, TP/SL
// checked against the mark, settings sent to the venue, and the PnL history.
import { afterEach, describe, expect, it, vi } from 'vitest'
import PositionPanel from '../../../src-renderer/src/panels/PositionPanel.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { positionPnl } from '../../../src-renderer/src/stores/positions'
import { EBTC, EBTC_USD } from '../../fixtures/instruments'
import { click, mountPanel, type } from './setup'
import { placedAck, position, POSITION_RECORDS } from './fixtures'

const mark = (markPrice: string) => ({
  symbol: 'E-BTC-USDT',
  markPrice,
  indexPrice: markPrice,
  lastFundingRate: '0',
  nextFundingRate: null,
  time: 0
})
const ack = placedAck({ module: 'futures', symbol: 'E-BTC-USDT', clientOrderId: 'c', orderId: '1' })
const records = POSITION_RECORDS

describe('PositionPanel', () => {
  it('computes PnL exactly from the entry and the mark, for long, short and inverse', () => {
    expect(positionPnl(EBTC, position(), '65100.5')).toBe('30.15') // 300 x 0.001 x 100.5
    expect(positionPnl(EBTC, position({ side: 'SELL' }), '65100.5')).toBe('-30.15')
    const inverse = { ...EBTC, symbol: 'E-BTC-USD', side: 0, multiplier: '100', multiplierCoin: 'USD' }
    expect(positionPnl(inverse, position({ volume: '10', avgPrice: '50000' }), '62500')).toBe('0.004') // 1000/50000 - 1000/62500
  })

  it('shows the position with live PnL on the mark, margin rate and liquidation price', async () => {
    const { wrapper, fake, account } = await mountPanel(PositionPanel, { module: 'futures' }, records)
    await account({ positions: [position()] })
    expect(fake.subscribed('market.onMarkPrice')).toEqual([{ symbol: 'E-BTC-USDT' }])
    await fake.emit('market.onMarkPrice', mark('65200.0'))
    const row = wrapper.get('[data-testid="position-row"]')
    expect(row.get('[data-testid="position-mark"]').text()).toBe('65,200.0')
    expect(row.get('[data-testid="position-pnl"]').text()).toBe('+60.00 USDT (+3.08%)')
    expect(row.get('[data-testid="position-pnl"]').classes()).toContain('t-up')
    expect(row.text()).toContain('58,800.5') // liquidation
    expect(row.text()).toContain('50.00%') // margin rate
  })

  it('closes at market and at a limit price, on the opposite side, for the whole position', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'trading.placeOrder': () => ack }
    )
    await account({ positions: [position()] })
    await click(wrapper, 'position-close-market')
    // A price off the tick is refused in words, not cut to one (it used to be sent as 66000.5).
    await type(wrapper, 'position-close-price', '66000.55')
    await click(wrapper, 'position-close-limit')
    expect(wrapper.get('[data-testid="positions-message"]').text()).toBe(
      'price ticks are 0.1 USDT on BTC/USDT perpetual: 66000.5 or 66000.6'
    )
    expect(fake.inputs('trading.placeOrder')).toHaveLength(1)
    expect((wrapper.get('[data-testid="position-close-price"]').element as HTMLInputElement).value).toBe('66000.55')
    await type(wrapper, 'position-close-price', '-66000.5')
    await click(wrapper, 'position-close-limit')
    expect(wrapper.get('[data-testid="positions-message"]').text()).toBe(
      'the close price takes no sign: type the number alone'
    )
    await type(wrapper, 'position-close-price', '66000.5')
    await click(wrapper, 'position-close-limit')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      {
        module: 'futures',
        symbol: 'E-BTC-USDT',
        positionType: 1,
        side: 'SELL',
        type: 'MARKET',
        volume: '300',
        open: 'CLOSE'
      },
      {
        module: 'futures',
        symbol: 'E-BTC-USDT',
        positionType: 1,
        side: 'SELL',
        type: 'LIMIT',
        volume: '300',
        open: 'CLOSE',
        price: '66000.5'
      }
    ])
  })

  it('attaches TP/SL after checking each trigger against the mark', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'trading.placeTpSl': () => ({ triggerIds: ['1', '2'] }) }
    )
    await account({ positions: [position()] })
    await fake.emit('market.onMarkPrice', mark('65000.0'))
    await click(wrapper, 'position-tpsl')
    await type(wrapper, 'tpsl-sl', '66000')
    await click(wrapper, 'tpsl-submit')
    expect(wrapper.get('[data-testid="positions-message"]').text()).toBe(
      'a sell stop-loss triggers below the mark price 65000.0; 66000 is not below it'
    )
    expect(fake.inputs('trading.placeTpSl')).toEqual([])
    await type(wrapper, 'tpsl-sl', '60000')
    await type(wrapper, 'tpsl-tp', '70000')
    await click(wrapper, 'tpsl-submit')
    expect(fake.inputs('trading.placeTpSl')).toEqual([
      {
        symbol: 'E-BTC-USDT',
        positionId: '9007199254740993',
        side: 'SELL',
        positionType: 1,
        stopLoss: { triggerPrice: '60000', volume: '300' },
        takeProfit: { triggerPrice: '70000', volume: '300' }
      }
    ])
    expect(wrapper.get('[data-testid="positions-message"]').text()).toBe('TP/SL attached to BTC/USDT perpetual')
  })

  it('checks a TP/SL leg as the closing order it sends, as main does (a MARKET leg within the market volume cap)', async () => {
    const { wrapper, fake, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'trading.placeTpSl': () => ({ triggerIds: ['1'] }) }
    )
    await account({ positions: [position({ volume: '50000' })] }) // above maxMarketVolume (20 000)
    await fake.emit('market.onMarkPrice', mark('65000.0'))
    await click(wrapper, 'position-tpsl')
    await type(wrapper, 'tpsl-sl', '60000')
    await click(wrapper, 'tpsl-submit')
    expect(wrapper.get('[data-testid="positions-message"]').text()).toBe(
      'size 50000 contracts is above the maximum 20000 contracts for market orders on BTC/USDT perpetual'
    )
    expect(fake.inputs('trading.placeTpSl')).toEqual([])
  })

  it('sends position mode, margin mode and leverage for the contract', async () => {
    const ok = () => ({ ok: true as const })
    const { wrapper, fake } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'trading.setPositionMode': ok, 'trading.setMarginMode': ok, 'trading.setLeverage': ok }
    )
    await wrapper.get('[data-testid="position-mode"]').setValue('hedge')
    await wrapper.get('[data-testid="margin-mode"]').setValue('isolated')
    await type(wrapper, 'position-leverage', '20')
    await click(wrapper, 'position-leverage-set')
    expect(fake.inputs('trading.setPositionMode')).toEqual([{ symbol: 'E-BTC-USDT', mode: 'hedge' }])
    expect(fake.inputs('trading.setMarginMode')).toEqual([{ symbol: 'E-BTC-USDT', mode: 'isolated' }])
    expect(fake.inputs('trading.setLeverage')).toEqual([{ symbol: 'E-BTC-USDT', leverage: 20, positionType: 2 }])
  })

  it('lists closed positions with their PnL, naming the contract by id', async () => {
    const pnl = {
      id: '5',
      contractId: 1,
      side: 'BUY' as const,
      positionType: 1,
      leverageLevel: 10,
      openPrice: '65000',
      openEndPrice: '65500',
      volume: '300',
      tradeFee: '23.4',
      capitalFee: '0',
      shareAmount: '0',
      closeProfit: '150',
      settleProfit: '0',
      realizedAmount: '126.6',
      historyRealizedAmount: '126.6',
      ctime: 1,
      mtime: 2
    }
    const { wrapper, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'account.pnlHistory': () => [pnl] }
    )
    await account({ positions: [position()] })
    await click(wrapper, 'positions-tab-pnl')
    await vi.waitFor(
      () => expect(wrapper.get('[data-testid="records-pnl"] tbody').text()).toContain('BTC/USDT perpetual'),
      { timeout: 5000 }
    )
    // the contract in words, the coin the amounts are in, then the figures
    const cells = wrapper.findAll('[data-testid="records-pnl"] tbody td').map((c) => c.text())
    expect(cells.slice(1)).toEqual([
      'BTC/USDT perpetual',
      'long',
      'USDT',
      '300',
      '65,000',
      '65,500',
      '+150',
      '23.4',
      '0',
      '+126.6'
    ])
  })

  it('capital flow names the contract in words, the coin of each amount, and the kind of record in words', async () => {
    const flow = [
      { contractName: 'E-BTC-USDT', type: '13', typeText: 'CLOSING_PNL', amount: '126.6', balance: '10126.6', time: 2 },
      { contractName: 'E-BTC-USD', type: '5', typeText: 'FUNDING_FEE', amount: '-0.00001', balance: '0.5', time: 1 }
    ]
    const { wrapper, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'account.capitalFlow': () => flow, 'market.contracts': () => [EBTC, EBTC_USD] }
    )
    await account({ positions: [position()] })
    await click(wrapper, 'positions-tab-capital')
    await vi.waitFor(() => expect(wrapper.findAll('[data-testid="records-capital"] tbody tr')).toHaveLength(2), {
      timeout: 5000
    })
    const rows = wrapper.findAll('[data-testid="records-capital"] tbody tr').map((r) =>
      r
        .findAll('td')
        .map((c) => c.text())
        .slice(1, 4)
    )
    expect(rows).toEqual([
      ['BTC/USDT perpetual', 'Closing PnL', 'USDT'],
      ['BTC/USD perpetual', 'Funding fee', 'BTC']
    ])
  })
})

describe('PositionPanel records in Chinese', () => {
  afterEach(() => setLocale('en'))

  it('tells the closing fills, the capital flow and an empty list in Simplified Chinese', async () => {
    setLocale('zh-CN')
    const fill = {
      tradeId: '1',
      symbol: 'E-BTC-USDT',
      side: 'SELL' as const,
      price: '66000.0',
      qty: '20',
      fee: '0.792',
      realized: '20',
      time: 1
    }
    const flow = [
      { contractName: 'E-BTC-USDT', type: '13', typeText: 'CLOSING_PNL', amount: '126.6', balance: '10126.6', time: 2 },
      { contractName: 'E-BTC-USDT', type: '5', typeText: 'FUNDING_FEE', amount: '-1', balance: '10000', time: 1 }
    ]
    const { wrapper, account } = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      { ...records, 'account.closingFills': () => [fill], 'account.capitalFlow': () => flow }
    )
    await account({ positions: [position()] })
    await click(wrapper, 'positions-tab-pnl')
    const fills = wrapper.get('[data-testid="closing-fills"]')
    expect(fills.findAll('thead th').map((h) => h.text())).toEqual([
      '时间',
      '交易对',
      '平仓方向',
      '张数',
      '价格',
      '已实现盈亏',
      '手续费'
    ])
    expect(fills.findAll('tbody td')[2]!.text()).toBe('多仓')
    expect(wrapper.text()).toContain('已平仓位')
    expect(wrapper.get('[data-testid="records-pnl"]').text()).toContain('暂无记录')
    await click(wrapper, 'positions-tab-capital')
    await vi.waitFor(() => expect(wrapper.findAll('[data-testid="records-capital"] tbody tr')).toHaveLength(2), {
      timeout: 5000
    })
    expect(wrapper.findAll('[data-testid="records-capital"] thead th').map((h) => h.text())).toEqual([
      '时间',
      '合约',
      '类型',
      '币种',
      '数量',
      '余额'
    ])
    const types = wrapper.findAll('[data-testid="records-capital"] tbody tr').map((r) => r.findAll('td')[2]!.text())
    expect(types).toEqual(['平仓盈亏', '资金费用'])
    await click(wrapper, 'positions-tab-adl')
    expect(wrapper.get('[data-testid="positions-tab-adl"]').text()).toBe('自动减仓')
  })
})
