// The desktop shell's notification of a price alert's fire, in the window language's words (Electron mocked).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AlertFireView } from '@shared/ipc/views/alerts'
import type { ContractView } from '@shared/ipc/views/market'

const shown: { title: string; body: string }[] = []
let supported = true
vi.mock('electron', () => ({
  Notification: class {
    static isSupported = () => supported
    constructor(private readonly o: { title: string; body: string }) {}
    show(): void {
      shown.push(this.o)
    }
  }
}))
const { notifyAlertFires } = await import('../../../src-main/electron/alert-notification')

const fire: AlertFireView = {
  alertId: 'a1',
  module: 'spot',
  symbol: 'btcusdt',
  source: 'last',
  rule: { kind: 'cross', level: '70000', direction: 'up' },
  at: 1,
  price: '70000.10'
}

const BTC = { baseAsset: 'BTC', quoteAsset: 'USDT', pricePrecision: 2 }
const CONTRACT = { symbol: 'E-BTC-USDT', pricePrecision: 1 } as ContractView

function core(markets: Record<string, unknown> = { btcusdt: BTC, 'E-BTC-USDT': CONTRACT }) {
  let listener: ((profileId: string, f: AlertFireView) => void) | null = null
  const asked: string[] = []
  return {
    onAlertFire: (l: (profileId: string, f: AlertFireView) => void) => {
      listener = l
      return () => (listener = null)
    },
    marketOf: async (profileId: string, module: string, symbol: string) => {
      asked.push(`${profileId} ${module} ${symbol}`)
      if (symbol === 'broken') throw new Error('venue down')
      return markets[symbol] as ContractView | undefined
    },
    fire: (f: AlertFireView) => listener?.('p1', f),
    asked
  }
}

beforeEach(() => {
  shown.length = 0
  supported = true
})

describe('the desktop notification of an alert', () => {
  it('names the market as the UI does and writes the price at its tick, in the chosen language', async () => {
    const c = core()
    let lang: 'en' | 'zh-CN' | 'zh-TW' = 'en'
    const stop = notifyAlertFires(
      c,
      c,
      () => lang,
      () => undefined
    )
    c.fire(fire)
    await vi.waitFor(() => expect(shown).toHaveLength(1))
    expect(shown[0]).toEqual({ title: 'Price alert: BTC/USDT', body: 'Last price crosses 70,000 up: 70,000.10' })
    expect(c.asked).toEqual(['p1 spot btcusdt'])
    lang = 'zh-CN'
    c.fire({ ...fire, price: '70000.1' }) // the venue's digits: written at the market's two decimals
    await vi.waitFor(() => expect(shown).toHaveLength(2))
    expect(shown[1]).toEqual({ title: '价格提醒：BTC/USDT', body: '最新价向上穿越 70,000：70,000.10' })
    lang = 'zh-TW'
    c.fire({ ...fire, module: 'futures', symbol: 'E-BTC-USDT', source: 'mark', price: '70000.15' })
    await vi.waitFor(() => expect(shown).toHaveLength(3))
    expect(shown[2]!.title).toBe('價格提醒：BTC/USDT 永續')
    expect(shown[2]!.body).toMatch(/70,000：70,000\.2$/) // one decimal, half to even
    lang = 'en'
    c.fire({ ...fire, module: 'margin' })
    await vi.waitFor(() => expect(shown).toHaveLength(4))
    expect(shown[3]!.title).toBe('Price alert: BTC/USDT margin')
    stop()
    c.fire(fire)
    await Promise.resolve()
    expect(c.asked).toHaveLength(4)
    expect(shown).toHaveLength(4)
  })

  it('tells a market the venue does not list (or cannot be read) by its symbol and the price as it came', async () => {
    const c = core()
    const log: string[] = []
    notifyAlertFires(
      c,
      c,
      () => 'en',
      (l) => log.push(l)
    )
    c.fire({ ...fire, symbol: 'newusdt', price: '1234.5' })
    c.fire({ ...fire, symbol: 'broken', price: '0.5' })
    await vi.waitFor(() => expect(shown).toHaveLength(2))
    expect(shown).toEqual([
      { title: 'Price alert: newusdt', body: 'Last price crosses 70,000 up: 1,234.5' },
      { title: 'Price alert: broken', body: 'Last price crosses 70,000 up: 0.5' }
    ])
    expect(log.join('\n')).toContain('venue down')
  })

  it('shows nothing where the OS has no notifications', async () => {
    supported = false
    const c = core()
    notifyAlertFires(
      c,
      c,
      () => 'en',
      () => undefined
    )
    c.fire(fire)
    await Promise.resolve()
    expect(c.asked).toEqual([])
    expect(shown).toEqual([])
  })
})
