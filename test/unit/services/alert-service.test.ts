// The alert service over a price source the test drives: input refused in words with nothing changed, a `once`
// alert fired and kept as fired, an `every` alert re-armed, a dead source shown as not evaluating and never firing
// from what it saw before, another profile's alerts never shown, and the file read back (or kept aside when corrupt).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { PriceEvent, PriceSource, PriceWant } from '../../../src-main/services/alert-prices'
import { AlertService } from '../../../src-main/services/alert-service'
import { AlertStore } from '../../../src-main/services/alert-store'
import { ServiceError } from '../../../src-main/services/errors'
import type { AlertsEventView } from '@shared/ipc/views/alerts'

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'

class FakePrices implements PriceSource {
  readonly followed = new Map<string, Set<(e: PriceEvent) => void>>()
  follow(w: PriceWant, fn: (e: PriceEvent) => void): () => void {
    const key = `${w.profileId}|${w.module}|${w.symbol}|${w.source}`
    const set = this.followed.get(key) ?? new Set()
    this.followed.set(key, set.add(fn))
    return () => {
      set.delete(fn)
      if (!set.size) this.followed.delete(key)
    }
  }
  push(key: string, e: PriceEvent): void {
    for (const fn of [...(this.followed.get(key) ?? [])]) fn(e)
  }
  price(key: string, price: string, at = 0): void {
    this.push(key, { fresh: { price, at } })
  }
}

const services: AlertService[] = []
afterEach(() => services.splice(0).forEach((s) => s.close()))

function rig(dir = mkdtempSync(join(tmpdir(), 'alerts-'))) {
  const prices = new FakePrices()
  const logs: string[] = []
  const store = new AlertStore({ file: join(dir, 'alerts.json'), log: (l) => logs.push(l) })
  const s = new AlertService({
    store,
    prices,
    resolveId: (named) => named ?? A,
    now: () => 1_700_000_000_000,
    log: (l) => logs.push(l)
  })
  services.push(s)
  const events: AlertsEventView[] = []
  s.onChange(A, (e) => events.push(e))
  return { s, prices, dir, store, logs, events }
}

const cross = (level: string, direction: 'up' | 'down' | 'either' = 'up') => ({
  kind: 'cross' as const,
  level,
  direction
})
const BTC = 'A|spot|btcusdt|last'.replace('A', A)

async function refusal(p: Promise<unknown>): Promise<ServiceError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x
  )
  expect(e).toBeInstanceOf(ServiceError)
  return e as ServiceError
}

describe('alert input', () => {
  it.each([
    ['', 'order.rule.required'],
    ['-5', 'order.input.sign'],
    ['abc', 'order.input.character'],
    ['0', 'alerts.refuse.positive'],
    ['0.000', 'alerts.refuse.positive']
  ])('a level of %j is refused with the rule named, and nothing is created', async (level, key) => {
    const { s } = rig()
    const e = await refusal(
      s.create({ module: 'spot', symbol: 'btcusdt', source: 'last', rule: cross(level), repeat: 'once' })
    )
    expect(e.contractError).toMatchObject({ code: 'alert-rule', field: 'rule.level', words: { key } })
    expect(e.message).toContain('crossing alert')
    expect(s.list({})).toEqual([])
  })

  it('refuses low >= high, a percent <= 0 and a window out of bounds, in words naming the rule', async () => {
    const { s } = rig()
    const base = { module: 'spot', symbol: 'btcusdt', source: 'last', repeat: 'once' } as const
    const low = await refusal(s.create({ ...base, rule: { kind: 'channel', low: '100', high: '100', on: 'enter' } }))
    expect(low.message).toBe("a channel alert's low (100) must be below its high (100)")
    const pct = await refusal(
      s.create({ ...base, rule: { kind: 'move', percent: '0', windowMinutes: '5', direction: 'up' } })
    )
    expect(pct.contractError.field).toBe('rule.percent')
    expect(pct.message).toContain('price-move alert')
    for (const windowMinutes of ['0', '1441', '1.5', '']) {
      const w = await refusal(
        s.create({ ...base, rule: { kind: 'move', percent: '2', windowMinutes, direction: 'up' } })
      )
      expect(w.contractError.field).toBe('rule.windowMinutes')
    }
    expect(s.list({})).toEqual([])
  })

  it('refuses an identical alert in words, on create and on an edit into one; another repeat or level is new', async () => {
    const { s } = rig()
    const base = { module: 'spot', symbol: 'btcusdt', source: 'last', repeat: 'once' } as const
    const first = await s.create({ ...base, rule: cross('70000') })
    const e = await refusal(s.create({ ...base, rule: cross('70000.00') })) // the same level written otherwise
    expect(e.contractError).toMatchObject({ code: 'alert-rule', words: { key: 'alerts.refuse.duplicate' } })
    expect(e.message).toContain('the same alert already exists')
    const channel = { kind: 'channel', low: '1', high: '2', on: 'enter' } as const
    await s.create({ ...base, rule: channel })
    await refusal(s.create({ ...base, rule: { ...channel, low: '1.0' } }))
    const every = await s.create({ ...base, repeat: 'every', rule: cross('70000') })
    await s.create({ ...base, rule: cross('70000', 'down') })
    await s.create({ ...base, rule: cross('70001') })
    expect(s.list({})).toHaveLength(5)
    await refusal(s.update({ id: every.id, repeat: 'once' })) // an edit into a copy of the first
    expect(s.list({}).find((a) => a.id === every.id)?.repeat).toBe('every')
    await s.update({ id: first.id, rule: cross('70000') }) // an alert saved as it is is no copy of itself
  })

  it('refuses mark and index alerts for a spot market, naming the rule', async () => {
    const { s } = rig()
    const e = await refusal(
      s.create({ module: 'margin', symbol: 'btcusdt', source: 'mark', rule: cross('1'), repeat: 'once' })
    )
    expect(e.message).toBe('a mark price alert is for futures contracts only; btcusdt is a Margin market')
    expect(s.list({})).toEqual([])
  })

  it('keeps the level as read, the typed text never rounded ("1,234.50" is 1234.50)', async () => {
    const { s } = rig()
    const a = await s.create({
      module: 'spot',
      symbol: 'btcusdt',
      source: 'last',
      rule: cross('1,234.50'),
      repeat: 'once'
    })
    expect(a.rule).toEqual({ kind: 'cross', level: '1234.50', direction: 'up' })
  })
})

describe('firing', () => {
  it('a once alert fires once, stays fired with when and at what price, and stops following', async () => {
    const { s, prices, events } = rig()
    const a = await s.create({ module: 'spot', symbol: 'btcusdt', source: 'last', rule: cross('100'), repeat: 'once' })
    expect(s.list({})[0]!.state).toBe('not-evaluating')
    prices.price(BTC, '99.99', 10)
    expect(s.list({})[0]!.state).toBe('armed')
    prices.price(BTC, '100.00', 20)
    expect(events.at(-1)!.fired).toEqual([
      { alertId: a.id, module: 'spot', symbol: 'btcusdt', source: 'last', rule: a.rule, at: 20, price: '100.00' }
    ])
    expect(s.list({})[0]).toMatchObject({ state: 'fired', firedAt: 20, firedPrice: '100.00', fires: 1 })
    expect(prices.followed.size).toBe(0)
  })

  it('an every-time alert fires again only after the price went back across', async () => {
    const { s, prices, events } = rig()
    await s.create({ module: 'spot', symbol: 'btcusdt', source: 'last', rule: cross('100'), repeat: 'every' })
    for (const p of ['99', '101', '102', '101', '99', '100.5']) prices.price(BTC, p)
    expect(events.flatMap((e) => e.fired.map((f) => f.price))).toEqual(['101', '100.5'])
    expect(s.list({})[0]).toMatchObject({ state: 'armed', fires: 2, firedPrice: '100.5' })
  })

  it('a dead source shows not evaluating and nothing seen before it fires the alert', async () => {
    const { s, prices, events } = rig()
    await s.create({ module: 'spot', symbol: 'btcusdt', source: 'last', rule: cross('100'), repeat: 'once' })
    prices.price(BTC, '99')
    prices.push(BTC, { dead: 'feed stale' })
    expect(s.list({})[0]!.state).toBe('not-evaluating')
    prices.price(BTC, '101') // fresh again: only sets the side
    expect(s.list({})[0]!.state).toBe('armed')
    expect(events.flatMap((e) => e.fired)).toEqual([])
  })

  it('a paused alert is not followed; resuming a fired once alert arms it again', async () => {
    const { s, prices } = rig()
    const a = await s.create({ module: 'spot', symbol: 'btcusdt', source: 'last', rule: cross('100'), repeat: 'once' })
    expect((await s.update({ id: a.id, paused: true })).state).toBe('paused')
    expect(prices.followed.size).toBe(0)
    await s.update({ id: a.id, paused: false })
    prices.price(BTC, '99')
    prices.price(BTC, '100')
    expect(s.list({})[0]!.state).toBe('fired')
    await s.update({ id: a.id, paused: false })
    expect(s.list({})[0]!.state).toBe('not-evaluating')
    expect(prices.followed.size).toBe(1)
  })

  it('an edit is checked like a new alert and a refused one changes nothing', async () => {
    const { s } = rig()
    const a = await s.create({ module: 'spot', symbol: 'btcusdt', source: 'last', rule: cross('100'), repeat: 'once' })
    await refusal(s.update({ id: a.id, rule: cross('abc') }))
    await refusal(s.update({ id: a.id, source: 'index' }))
    expect(s.list({})[0]!.rule).toEqual(a.rule)
    expect(s.list({})[0]!.source).toBe('last')
    expect((await s.update({ id: a.id, rule: cross('105', 'down') })).rule).toEqual(cross('105', 'down'))
  })
})

describe('profiles', () => {
  it("lists only the profile's own alerts, and another profile cannot change or delete them", async () => {
    const { s } = rig()
    const a = await s.create({ module: 'spot', symbol: 'btcusdt', source: 'last', rule: cross('1'), repeat: 'once' })
    await s.create({
      profileId: B,
      module: 'futures',
      symbol: 'E-BTC-USDT',
      source: 'mark',
      rule: cross('2'),
      repeat: 'once'
    })
    expect(s.list({}).map((x) => x.id)).toEqual([a.id])
    expect(s.list({ profileId: B }).map((x) => x.symbol)).toEqual(['E-BTC-USDT'])
    expect((await refusal(s.remove({ profileId: B, id: a.id }))).contractError.code).toBe('not-found')
    await s.forgetProfile(B)
    expect(s.list({ profileId: B })).toEqual([])
  })
})

describe('kept on disk', () => {
  it('is read back by the next run, fired state included', async () => {
    const { s, prices, dir } = rig()
    await s.create({ module: 'spot', symbol: 'btcusdt', source: 'last', rule: cross('100'), repeat: 'once' })
    prices.price(BTC, '99')
    prices.price(BTC, '100')
    await s.flushed()
    s.close()
    const again = rig(dir)
    expect(again.s.list({})).toMatchObject([{ state: 'fired', firedPrice: '100', fires: 1 }])
    expect(again.store.recovery).toBeNull()
  })

  it('a corrupt file is kept aside and said; a readable alert in it is kept', async () => {
    const { s, dir } = rig()
    await s.create({ module: 'spot', symbol: 'btcusdt', source: 'last', rule: cross('100'), repeat: 'once' })
    await s.flushed()
    s.close()
    const file = join(dir, 'alerts.json')
    const body = JSON.parse(readFileSync(file, 'utf8')) as { alerts: unknown[] }
    writeFileSync(file, JSON.stringify({ ...body, alerts: [...body.alerts, { id: 'x', rule: 'bad' }] }))
    const next = rig(dir)
    expect(next.store.recovery?.reason).toBe('1 of 2 alert(s) could not be read')
    expect(next.s.list({})).toHaveLength(1)
    expect(readdirSync(dir).some((f) => f.startsWith('alerts.json.unreadable-'))).toBe(true)

    writeFileSync(file, '{ not json')
    const broken = rig(dir)
    expect(broken.store.recovery?.reason).toMatch(/^the whole file/)
    expect(broken.s.list({})).toEqual([])
  })
})
