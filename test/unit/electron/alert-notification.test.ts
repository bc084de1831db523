// The desktop shell's notification of a price alert's fire, in the window language's words (Electron mocked).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AlertFireView } from '@shared/ipc/views/alerts'

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

function core() {
  let listener: ((profileId: string, f: AlertFireView) => void) | null = null
  return {
    onAlertFire: (l: (profileId: string, f: AlertFireView) => void) => {
      listener = l
      return () => (listener = null)
    },
    fire: (f: AlertFireView) => listener?.('p1', f)
  }
}

beforeEach(() => {
  shown.length = 0
  supported = true
})

describe('the desktop notification of an alert', () => {
  it('shows each fire in the chosen language, and nothing once stopped', () => {
    const c = core()
    let lang: 'en' | 'zh-CN' = 'en'
    const stop = notifyAlertFires(
      c,
      () => lang,
      () => undefined
    )
    c.fire(fire)
    expect(shown).toEqual([{ title: 'Price alert: btcusdt', body: 'Last price crosses 70000 up: 70000.10' }])
    lang = 'zh-CN'
    c.fire(fire)
    expect(shown[1]).toEqual({ title: '价格提醒：btcusdt', body: '最新价向上穿越 70000：70000.10' })
    stop()
    c.fire(fire)
    expect(shown).toHaveLength(2)
  })

  it('shows nothing where the OS has no notifications', () => {
    supported = false
    const c = core()
    notifyAlertFires(
      c,
      () => 'en',
      () => undefined
    )
    c.fire(fire)
    expect(shown).toEqual([])
  })
})
