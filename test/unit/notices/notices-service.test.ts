// The notification center main keeps (src-main/notices): per profile, bounded to the newest entries, read and
// cleared up to what a window showed, the same words told at once counted on one entry, news told again listed once,
// kept in notices.json across a restart, and a file that cannot be read kept aside with what could be read kept.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { NoticesView } from '@shared/ipc/views/notices'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import { NoticeStore } from '../../../src-main/notices/notice-store'
import { MAX_PER_PROFILE, NoticesService } from '../../../src-main/notices/notices-service'

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'

function open(file: string, now?: () => number) {
  const logs: string[] = []
  const store = new NoticeStore({ file, log: (l) => logs.push(l) })
  return { store, logs, service: new NoticesService({ store, ...(now ? { now } : {}) }) }
}
const tempFile = () => join(mkdtempSync(join(tmpdir(), 'notices-')), 'notices.json')
const titles = (v: NoticesView) => v.notices.map((n) => (n.subject.type === 'told' ? n.subject.title : n.subject.type))

const order = (o: Partial<OrderHistoryEntryView>): OrderHistoryEntryView => ({
  module: 'spot',
  symbol: 'btcusdt',
  orderId: '9007199254740993',
  clientOrderId: null,
  side: 'BUY',
  type: 'LIMIT',
  price: '30000',
  volume: '0.5',
  executed: '0',
  avgPrice: null,
  status: 'NEW',
  final: false,
  time: 1,
  updatedAt: 1,
  ...o
})

describe('NoticesService', () => {
  it('keeps each profile its own list, newest first, and drops the oldest beyond the bound', () => {
    let now = 0
    const { service } = open(tempFile(), () => (now += 60_000))
    service.told(A, { kind: 'error', title: 'a0', text: 'x' })
    service.told(B, { kind: 'info', title: 'b0', text: '' })
    for (let i = 1; i <= MAX_PER_PROFILE; i++) service.told(A, { kind: 'warn', title: `a${i}`, text: '' })
    const a = service.list(A)
    expect(a.notices).toHaveLength(MAX_PER_PROFILE)
    expect(titles(a)[0]).toBe(`a${MAX_PER_PROFILE}`)
    expect(titles(a).at(-1)).toBe('a1') // a0 went
    expect(a.unread).toBe(MAX_PER_PROFILE)
    expect(titles(service.list(B))).toEqual(['b0'])
  })

  it('counts only news a trader must see as unread; the terminal’s own chatter is listed, read', () => {
    let now = 0
    const { service } = open(tempFile(), () => (now += 60_000))
    service.told(A, { kind: 'info', title: 'Now on profile Paper', text: '' })
    service.told(A, { kind: 'info', title: 'Layout “Scalp” saved', text: '' })
    expect(service.list(A).unread).toBe(0)
    expect(service.list(A).notices.map((n) => n.unread)).toEqual([false, false])
    service.told(A, { kind: 'info', title: 'Buy order placed', text: '0.1 BTC', news: true }) // a verdict: news
    service.told(A, { kind: 'warn', title: 'Ladder order: nothing sent', text: 'no size' })
    service.told(A, { kind: 'error', title: 'Could not cancel', text: 'timeout' })
    service.told(A, { kind: 'fill', title: 'Filled', text: '0.1 BTC', key: 'futures:1' })
    service.alertFired(A, {
      alertId: 'a1',
      module: 'spot',
      symbol: 'btcusdt',
      source: 'last',
      rule: { kind: 'cross', level: '70000', direction: 'up' },
      at: 5,
      price: '70001'
    })
    service.sawOrders(A, [order({ status: 'FILLED', executed: '0.5', avgPrice: '30000' })])
    expect(service.list(A).unread).toBe(6)
    // Chatter after news is listed on top, read: the count stays.
    service.told(A, { kind: 'info', title: 'Layout “Scalp” saved', text: '' })
    expect(service.list(A).notices[0]).toMatchObject({ kind: 'info', unread: false })
    expect(service.list(A).unread).toBe(6)
  })

  it('marks read and clears up to the entry a window showed; one that came since stays unread and listed', () => {
    let now = 0
    const { service } = open(tempFile(), () => (now += 60_000))
    const seen: NoticesView[] = []
    const stop = service.onChange(A, (v) => seen.push(v))
    service.told(A, { kind: 'error', title: 'one', text: '' })
    service.told(A, { kind: 'error', title: 'two', text: '' })
    const shown = service.list(A).notices[0]!.id
    service.told(A, { kind: 'warn', title: 'three', text: '' })
    service.markRead(A, shown)
    expect(service.list(A).notices.map((n) => [n.subject.type === 'told' && n.subject.title, n.unread])).toEqual([
      ['three', true],
      ['two', false],
      ['one', false]
    ])
    expect(service.list(A).unread).toBe(1)
    service.clear(A, shown)
    expect(titles(service.list(A))).toEqual(['three'])
    // The listener saw the first list and every change after.
    expect(seen.map(titles)).toEqual([
      [],
      ['one'],
      ['two', 'one'],
      ['three', 'two', 'one'],
      ['three', 'two', 'one'],
      ['three']
    ])
    stop()
    service.told(A, { kind: 'info', title: 'after', text: '' })
    expect(seen).toHaveLength(6)
  })

  it('counts the same words told again at once on one entry, unread again; news told again is listed once', () => {
    let now = 1000
    const { service } = open(tempFile(), () => now)
    service.told(A, { kind: 'error', title: 'Could not load', text: 'offline', code: 'offline' })
    service.markRead(A, service.list(A).notices[0]!.id)
    now += 2000
    service.told(A, { kind: 'error', title: 'Could not load', text: 'offline', code: 'offline' })
    expect(service.list(A).notices.map((n) => [n.count, n.at, n.unread])).toEqual([[2, 3000, true]])
    now += 60_000
    service.told(A, { kind: 'error', title: 'Could not load', text: 'offline', code: 'offline' })
    expect(service.list(A).notices).toHaveLength(2)

    service.told(A, { kind: 'fill', title: 'Filled', text: 'futures', key: 'fill:futures:1:end' })
    service.told(A, { kind: 'fill', title: 'Filled', text: 'futures', key: 'fill:futures:1:end' })
    expect(service.list(A).notices.filter((n) => n.kind === 'fill')).toHaveLength(1)
  })

  it('lists a spot order’s first fill and its end once each, never a limit order canceled unfilled', () => {
    const { service } = open(tempFile())
    service.sawOrders(A, [order({ status: 'NEW' })])
    service.sawOrders(A, [order({ status: 'PARTIALLY_FILLED', executed: '0.2' })])
    service.sawOrders(A, [order({ status: 'PARTIALLY_FILLED', executed: '0.2', updatedAt: 2 })])
    service.sawOrders(A, [order({ status: 'PARTIALLY_FILLED', executed: '0.3', updatedAt: 3 })]) // grew: not listed
    service.sawOrders(A, [order({ status: 'FILLED', executed: '0.5', avgPrice: null })]) // average not known yet
    service.sawOrders(A, [order({ status: 'FILLED', executed: '0.5', avgPrice: '29999.5', final: true })])
    service.sawOrders(A, [order({ status: 'FILLED', executed: '0.5', avgPrice: '29999.5', final: true })])
    service.sawOrders(A, [order({ orderId: '2', status: 'CANCELED', final: true })])
    service.sawOrders(A, [order({ orderId: '3', type: 'MARKET', status: 'CANCELED', final: true })])
    const list = service.list(A).notices
    expect(list.map((n) => n.subject.type === 'order' && [n.subject.order.orderId, n.subject.order.status])).toEqual([
      ['3', 'CANCELED'],
      ['9007199254740993', 'FILLED'],
      ['9007199254740993', 'PARTIALLY_FILLED']
    ])
    expect(list.every((n) => n.kind === 'fill')).toBe(true)
  })

  it('keeps the lists, read state and alert fires across a restart, and forgets a removed profile', async () => {
    const file = tempFile()
    const first = open(file)
    first.service.told(A, { kind: 'error', title: 'Insufficient balance', text: 'spot', code: 'exchange -1131' })
    first.service.alertFired(A, {
      alertId: '7d3c5b2e-1f7a-4c4b-9a59-3f3b1c2d4e5f',
      module: 'spot',
      symbol: 'btcusdt',
      source: 'last',
      rule: { kind: 'cross', level: '70000.5', direction: 'up' },
      at: 5,
      price: '70000.51'
    })
    first.service.markRead(A, first.service.list(A).notices[1]!.id)
    first.service.told(B, { kind: 'info', title: 'b', text: '' })
    await first.service.flushed()
    const second = open(file)
    expect(second.service.list(A)).toEqual(first.service.list(A))
    expect(second.service.list(A).unread).toBe(1)
    // Ids keep growing after a restart: an entry read before is never confused with a new one.
    second.service.told(A, { kind: 'info', title: 'new', text: '' })
    expect(Number(second.service.list(A).notices[0]!.id)).toBeGreaterThan(Number(first.service.list(A).notices[0]!.id))
    await second.service.forgetProfile(B)
    expect(open(file).service.list(B).notices).toEqual([])
    expect(open(file).service.list(A).notices).toHaveLength(3)
  })

  it('keeps a file it cannot read aside, keeps what it could read, and says so in the log', async () => {
    const file = tempFile()
    const good = { n: 1, profileId: A, at: 1, kind: 'info', count: 1, read: false, key: null }
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        notices: [
          { ...good, subject: { type: 'told', title: 'kept', text: '', code: null } },
          { ...good, n: 2, subject: { type: 'told', title: 'bad', text: 1, code: null } }
        ]
      })
    )
    const { service, store, logs } = open(file)
    expect(titles(service.list(A))).toEqual(['kept'])
    expect(store.recovery?.reason).toBe('1 of 2 notice(s) could not be read')
    expect(logs.join('\n')).toContain('kept aside')
    const aside = readdirSync(join(file, '..')).find((f) => f.startsWith('notices.json.unreadable-'))
    expect(aside).toBeDefined()
    expect(readFileSync(join(file, '..', aside!), 'utf8')).toContain('"bad"')
    await store.flushed()
    expect(existsSync(file)).toBe(true) // what could be read is written back
    expect(open(file).service.list(A).notices).toHaveLength(1)

    writeFileSync(file, 'not json')
    const whole = open(file)
    expect(whole.service.list(A).notices).toEqual([])
    expect(whole.store.recovery?.reason).toMatch(/^the whole file/)
  })
})
