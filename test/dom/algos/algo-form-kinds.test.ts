// The Algo tab's bracket, iceberg, TWAP, scaled and chase over the fake client: each kind's fields read as the order
// form reads them (hostile text refused in words at its field, never rewritten, nothing sent), the rules between
// fields, every child order held to the symbol's rules (BTC/USDT: 0.01 ticks, 0.000001 steps, 0.0001 minimum), a
// confirmation that names what will run, and exactly the spec sent.
import { describe, expect, it } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { click, marketPrices, mountPanel, type } from '../trading/setup'
import { algoView } from './algo-view'

async function rig() {
  const r = await mountPanel(
    OrderPanel,
    {},
    { 'algos.create': () => algoView(), 'profiles.setActive': () => ({ ok: true }) }
  )
  useProfilesStore().start()
  await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
  await marketPrices(r.fake) // the new profile's feeds start empty: the price guard's reference
  await click(r.wrapper, 'order-entry-tab-algo')
  const w = r.wrapper
  const get = (id: string) => w.get(`[data-testid="${id}"]`)
  const has = (id: string) => w.find(`[data-testid="${id}"]`).exists()
  const value = (id: string) => (get(id).element as HTMLInputElement).value
  const refusal = () => w.find('[data-testid="algo-refusal"]')
  /** Picks the kind and side, then types each field (its testid without `algo-`). */
  const fill = async (kind: string, side: 'buy' | 'sell', fields: Record<string, string>) => {
    await get('algo-kind').setValue(kind)
    await click(w, `algo-side-${side}`)
    for (const [f, text] of Object.entries(fields)) await type(w, `algo-${f}`, text)
  }
  return { ...r, get, has, value, refusal, fill }
}

const BRACKET = { limitPrice: '60000', takeProfitPrice: '62000', triggerPrice: '58000', quantity: '0.5' }
const ICEBERG = { limitPrice: '60000', visibleQuantity: '0.1', quantity: '0.35' }
const TWAP = { limitPrice: '60000', durationSeconds: '600', slices: '10', quantity: '0.5' }
const SCALED = { fromPrice: '60000', toPrice: '59000', orders: '3', sizeFactor: '1', quantity: '0.3' }
const CHASE = { maxDistancePercent: '1', intervalSeconds: '5', quantity: '0.5' }

describe("the Algo tab's bracket, iceberg, TWAP, scaled and chase", () => {
  it.each([
    [
      'bracket',
      BRACKET,
      'takeProfitPrice',
      '62,00',
      'use a point for decimals in the take-profit price; commas only separate thousands (1,234.5): did you mean 62.00?'
    ],
    [
      'bracket',
      BRACKET,
      'takeProfitPrice',
      '59000',
      'for a buy bracket the take profit (59000) must be above the entry (60000) and the stop loss trigger (58000) below it'
    ],
    [
      'bracket',
      BRACKET,
      'takeProfitPrice',
      '62000.005',
      'the take-profit price ticks are 0.01 USDT on BTC/USDT: 62000.00 or 62000.01'
    ],
    [
      'bracket',
      BRACKET,
      'triggerPrice',
      '58000.001',
      'the trigger price ticks are 0.01 USDT on BTC/USDT: 58000.00 or 58000.01'
    ],
    ['iceberg', ICEBERG, 'visibleQuantity', '1', 'the visible quantity (1) cannot be more than the total (0.35)'],
    [
      'iceberg',
      ICEBERG,
      'visibleQuantity',
      '0.1x',
      'the visible quantity takes digits and one decimal point; "x" is not allowed'
    ],
    ['twap', TWAP, 'durationSeconds', '600.5', 'the duration must be a whole number'],
    ['twap', TWAP, 'slices', '1', 'the number of slices must be from 2 to 1000'],
    ['twap', TWAP, 'slices', '1001', 'the number of slices must be from 2 to 1000'],
    ['twap', TWAP, 'slices', '601', '601 slices in 600 seconds: slices must be at least a second apart'],
    ['twap', TWAP, 'slices', '1e2', 'write the number of slices in full digits, not as an exponent: 1e2 is 100'],
    ['scaled', SCALED, 'orders', '3.0', 'the number of orders must be a whole number'],
    ['scaled', SCALED, 'toPrice', '60000', 'the range of a scaled order needs two different prices (both are 60000)'],
    ['scaled', SCALED, 'sizeFactor', '-1', 'the size factor takes no sign: type the number alone'],
    ['chase', CHASE, 'maxDistancePercent', '100', 'the maximum distance must be above 0 and below 100 percent'],
    ['chase', CHASE, 'intervalSeconds', '0', 'the minimum interval must be a number greater than 0'],
    ['chase', CHASE, 'intervalSeconds', '3601', 'the minimum interval must be from 1 to 3600']
  ])(
    'a %s refuses %s %j in words at its field, keeps it as typed, sends nothing',
    async (kind, fields, f, text, words) => {
      const { wrapper, fake, get, value, refusal, fill } = await rig()
      await fill(kind, 'buy', fields)
      expect(refusal().exists()).toBe(false)
      await type(wrapper, `algo-${f}`, text)
      expect(refusal().text()).toBe(words)
      expect(get(`algo-${f}`).attributes('aria-invalid')).toBe('true')
      expect(value(`algo-${f}`)).toBe(text) // never rewritten
      expect(get('algo-review').attributes('disabled')).toBeDefined()
      await click(wrapper, 'algo-review')
      expect(fake.inputs('algos.create')).toEqual([])
    }
  )

  it.each([
    // The last of an iceberg's slices (0.35 over 0.1 leaves 0.05) and a TWAP's first slice are orders too.
    [
      'iceberg',
      { ...ICEBERG, quantity: '0.10005' },
      'quantity',
      'the last slice (what the total leaves over whole visible parts) 0.00005 BTC is below the minimum 0.0001 BTC for limit orders on BTC/USDT'
    ],
    [
      'twap',
      { ...TWAP, quantity: '0.0005' },
      'quantity',
      'each slice (the total over the slices) 0.00005 BTC is below the minimum 0.0001 BTC for limit orders on BTC/USDT'
    ],
    [
      'scaled',
      { ...SCALED, quantity: '0.0002' },
      'quantity',
      "a level's size 0.000068 BTC is below the minimum 0.0001 BTC for limit orders on BTC/USDT"
    ],
    [
      'chase',
      { ...CHASE, maxDistancePercent: '' },
      'limitPrice',
      'a chase needs a limit price, a maximum distance, or both: how far it may follow'
    ]
  ])("a %s's child orders are held to the symbol's rules", async (kind, fields, field, words) => {
    const { fake, get, refusal, fill } = await rig()
    await fill(kind, 'buy', fields)
    expect(refusal().text()).toBe(words)
    expect(get(`algo-${field}`).attributes('aria-invalid')).toBe('true')
    expect(fake.inputs('algos.create')).toEqual([])
  })

  it('a bracket: its fields named for what they are, a confirmation of entry and exits, exactly the spec sent', async () => {
    const { wrapper, fake, get, has, fill } = await rig()
    await fill('bracket', 'buy', BRACKET)
    expect(get('algo-limitPrice').element.closest('label')!.textContent).toContain('Entry')
    expect(get('algo-triggerPrice').element.closest('label')!.textContent).toContain('Stop-loss trigger')
    expect(get('algo-stopLimitPrice').attributes('placeholder')).toBe('optional') // a buy's stop loss may sell at market
    expect(has('algo-fire-late')).toBe(true) // its stop loss watches a trigger
    await click(wrapper, 'algo-review')
    expect(get('algo-confirm-title').text()).toBe('Bracket · Buy 0.5 BTC on BTC/USDT')
    expect(get('algo-confirm-rows').text()).toContain('Take profit62,000 USDT')
    expect(get('algo-confirm-runs').text()).toContain(
      'A limit buy of 0.5 BTC at 60,000 USDT. Once it fills (even partly), a limit sell of what it filled at 62,000 USDT takes the profit, and when the last price reaches 58,000 USDT the stop loss cancels it and sends a market sell.'
    )
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toEqual([
      {
        profileId: PAPER.id,
        kind: 'bracket',
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        limitPrice: '60000',
        takeProfitPrice: '62000',
        triggerPrice: '58000',
        quantity: '0.5',
        fireLate: false
      }
    ])
  })

  it("a sell bracket needs its stop loss's limit (a spot market buy cannot buy an exact quantity)", async () => {
    const { get, fill } = await rig()
    await fill('bracket', 'sell', {
      limitPrice: '60000',
      takeProfitPrice: '58000',
      triggerPrice: '62000',
      quantity: '0.5'
    })
    expect(get('algo-hint').text()).toBe('the stop-limit price is required')
    expect(get('algo-review').attributes('disabled')).toBeDefined()
  })

  it('a TWAP: whole numbers sent as numbers, random times said, no fire-late choice (it has no trigger)', async () => {
    const { wrapper, fake, get, has, fill } = await rig()
    await fill('twap', 'sell', TWAP)
    expect(has('algo-fire-late')).toBe(false)
    await click(wrapper, 'algo-jitter')
    await click(wrapper, 'algo-review')
    const runs = get('algo-confirm-runs').text()
    expect(runs).toContain(
      'A limit sell of 0.5 BTC at 60,000 USDT in 10 slices over 600 seconds; what a slice has not filled when the next is due is cancelled and carried into it.'
    )
    expect(runs).toContain('Each slice after the first is sent later by a random part of half an interval.')
    expect(runs).not.toContain('terminal was closed')
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')).toEqual([
      {
        profileId: PAPER.id,
        kind: 'twap',
        module: 'spot',
        symbol: 'btcusdt',
        side: 'SELL',
        limitPrice: '60000',
        durationSeconds: 600,
        slices: 10,
        quantity: '0.5',
        jitter: true,
        fireLate: false
      }
    ])
  })

  it('a scaled order: its confirmation lists every level as main lays them out', async () => {
    const { wrapper, fake, get, fill } = await rig()
    await fill('scaled', 'buy', { ...SCALED, sizeFactor: '2' })
    await get('algo-sizing').setValue('geometric')
    await click(wrapper, 'algo-review')
    const runs = get('algo-confirm-runs')
      .findAll('li')
      .map((l) => l.text())
    expect(runs.slice(0, 4)).toEqual([
      '3 limit buy orders of 0.3 BTC in all from 60,000 USDT to 59,000 USDT (geometric sizes, factor 2), placed at once:',
      '1. 0.042857 BTC at 60,000 USDT', // weights 1, 2, 4 of 0.3; the rounding left over goes to the largest
      '2. 0.085714 BTC at 59,500 USDT',
      '3. 0.171429 BTC at 59,000 USDT'
    ])
    await click(wrapper, 'algo-confirm')
    expect(fake.inputs('algos.create')[0]).toMatchObject({
      kind: 'scaled',
      fromPrice: '60000',
      toPrice: '59000',
      orders: 3,
      sizing: 'geometric',
      sizeFactor: '2',
      quantity: '0.3'
    })
  })

  it('an iceberg and a chase: what will run, in words', async () => {
    const { wrapper, get, fill } = await rig()
    await fill('iceberg', 'buy', ICEBERG)
    await click(wrapper, 'algo-review')
    expect(get('algo-confirm-runs').text()).toContain(
      'A limit buy of 0.35 BTC at 60,000 USDT, at most 0.1 BTC shown at a time: the next part is placed when the shown one fills.'
    )
    await click(wrapper, 'algo-confirm-cancel')
    await fill('chase', 'sell', { ...CHASE, limitPrice: '' })
    expect(get('algo-limitPrice').attributes('placeholder')).toBe('optional')
    await click(wrapper, 'algo-review')
    expect(get('algo-confirm-runs').text()).toContain(
      'A limit sell of 0.5 BTC at the best ask, moved with it at most once every 5 seconds, never beyond 1% from the best price when it starts.'
    )
  })

  it('a profile switch empties the new fields and choices', async () => {
    const { wrapper, fake, get, value, fill } = await rig()
    await fill('twap', 'buy', TWAP)
    await click(wrapper, 'algo-jitter')
    await fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], REMOTE.id))
    expect(value('algo-durationSeconds')).toBe('')
    expect(value('algo-slices')).toBe('')
    expect((get('algo-jitter').element as HTMLInputElement).checked).toBe(false)
  })
})
