// The Alerts panel over the fake client: a new alert on the shown market with its price filled in, bad input refused
// at its field in words naming the rule (nothing sent, nothing rewritten), the list with each state, pause/resume and
// delete, a fire told as a toast and a notice, and a profile switch that never shows the old profile's alerts.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { AlertView, AlertsEventView } from '@shared/ipc/views/alerts'
import { ContractError } from '@shared/ipc/contract-kit'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import AlertsPanel from '../../../src-renderer/src/panels/AlertsPanel.vue'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { BTCUSDT } from '../../fixtures/instruments'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { click, mountPanel, ticker, type } from '../trading/setup'

const alert = (o: Partial<AlertView> = {}): AlertView => ({
  id: 'a1',
  profileId: PAPER.id,
  module: 'spot',
  symbol: 'btcusdt',
  source: 'last',
  rule: { kind: 'cross', level: '70000', direction: 'up' },
  repeat: 'once',
  state: 'armed',
  createdAt: 1,
  firedAt: null,
  firedPrice: null,
  fires: 0,
  ...o
})

let seq = 100
const event = (profileId: string, e: AlertsEventView) => ({ ...e, profileId, seq: ++seq })

async function rig() {
  const r = await mountPanel(
    AlertsPanel,
    {},
    {
      'profiles.setActive': () => ({ ok: true }),
      'alerts.create': () => alert({ id: 'new' }),
      'alerts.update': () => alert(),
      'alerts.delete': () => ({ ok: true })
    }
  )
  const profiles = useProfilesStore()
  profiles.start()
  await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
  const items = () => r.wrapper.findAll('[data-testid="alert-item"]')
  return { ...r, profiles, items }
}

describe('the Alerts panel', () => {
  it("follows the shown profile's alerts with their state", async () => {
    const { fake, wrapper, items } = await rig()
    expect(fake.subscribed('alerts.onChange')).toEqual([{}]) // started before the profile was known: main's active
    await fake.emit(
      'alerts.onChange',
      event(PAPER.id, {
        alerts: [
          alert(),
          alert({ id: 'a2', state: 'paused' }),
          alert({ id: 'a3', state: 'fired', firedAt: Date.UTC(2026, 0, 1), firedPrice: '70001.5', fires: 1 }),
          alert({ id: 'a4', state: 'not-evaluating', source: 'mark', module: 'futures', symbol: 'E-BTC-USDT' })
        ],
        fired: []
      })
    )
    expect(items().map((i) => i.attributes('data-state'))).toEqual(['armed', 'paused', 'fired', 'not-evaluating'])
    expect(items()[0]!.get('[data-testid="alert-rule"]').text()).toBe('Last price crosses 70,000 up · once')
    expect(items()[2]!.get('[data-testid="alert-state"]').text()).toMatch(/^fired .* at 70,001.5$/)
    expect(items()[3]!.get('[data-testid="alert-state"]').text()).toBe('not evaluating: no live price')
    expect(wrapper.get('[data-testid="alert-list"]').attributes('role')).toBe('list')
  })

  it('creates an alert on the shown market with its last price filled in', async () => {
    const { fake, wrapper } = await rig()
    await click(wrapper, 'alert-new')
    const level = wrapper.get<HTMLInputElement>('[data-testid="alert-level"]')
    expect(level.element.value).toBe('65000')
    await type(wrapper, 'alert-level', '70,000.50')
    await wrapper.get('[data-testid="alert-repeat"]').setValue('every')
    await wrapper.get('[data-testid="alert-form"]').trigger('submit')
    await flushPromises()
    expect(fake.inputs('alerts.create')).toEqual([
      {
        profileId: PAPER.id,
        module: 'spot',
        symbol: 'btcusdt',
        source: 'last',
        rule: { kind: 'cross', level: '70,000.50', direction: 'up' },
        repeat: 'every'
      }
    ])
    expect(wrapper.find('[data-testid="alert-form"]').exists()).toBe(false)
  })

  it('says when a crossing level is on the side the price already is, and still lets it be created', async () => {
    const { fake, wrapper } = await rig()
    await click(wrapper, 'alert-new')
    const said = () => wrapper.find('[data-testid="alert-side-now"]')
    expect(said().exists()).toBe(false) // the level filled in is the price itself
    await type(wrapper, 'alert-level', '60,000')
    expect(said().text()).toBe(
      'Last price is 65,000, already above 60,000: this alert fires only after the price falls below 60,000 and ' +
        'rises through it again.'
    )
    await wrapper.get('[data-testid="alert-direction"]').setValue('down')
    expect(said().exists()).toBe(false)
    await type(wrapper, 'alert-level', '70000')
    expect(said().text()).toMatch(/^Last price is 65,000, already below 70,000: .* falls through it again\.$/)
    await type(wrapper, 'alert-level', '7x')
    expect(said().exists()).toBe(false) // the refusal is the form's to say, at the field, on submit
    await type(wrapper, 'alert-level', '70000')
    await wrapper.get('[data-testid="alert-form"]').trigger('submit')
    await flushPromises()
    expect(fake.inputs('alerts.create')).toHaveLength(1)
  })

  it('shows the price now beside the level, live, and the side warning follows it', async () => {
    const { fake, wrapper } = await rig()
    await click(wrapper, 'alert-new')
    const now = () => wrapper.get('[data-testid="alert-now"]').text()
    const said = () => wrapper.find('[data-testid="alert-side-now"]')
    expect(now()).toBe('Last price now: 65,000.00')
    // The form holds the market's live feed of the shown profile: main's alerts follow its ticker.
    expect(fake.subscribed('market.onTicker')).toContainEqual({
      profileId: PAPER.id,
      module: 'spot',
      symbol: 'btcusdt'
    })
    await type(wrapper, 'alert-level', '65,500')
    expect(said().exists()).toBe(false)
    await fake.emit('market.onTicker', ticker('65800.5'))
    await flushFrames()
    await flushPromises()
    expect(now()).toBe('Last price now: 65,800.50')
    expect(said().text()).toMatch(/^Last price is 65,800.5, already above 65,500: /)
    await fake.emit('market.onTicker', ticker('65100'))
    await flushFrames()
    await flushPromises()
    expect(now()).toBe('Last price now: 65,100.00')
    expect(said().exists()).toBe(false)
    expect(wrapper.get<HTMLInputElement>('[data-testid="alert-level"]').element.value).toBe('65,500') // as typed
  })

  it.each([
    ['-5', 'the level of a price-crossing alert takes no sign: type the number alone'],
    ['abc', 'the level of a price-crossing alert takes digits and one decimal point; "a" is not allowed'],
    ['0', 'the level of a price-crossing alert must be a number greater than 0'],
    ['', 'the level of a price-crossing alert is required']
  ])('refuses a level of %j at its field, naming the rule, sending nothing', async (text, words) => {
    const { fake, wrapper } = await rig()
    await click(wrapper, 'alert-new')
    await type(wrapper, 'alert-level', text)
    await wrapper.get('[data-testid="alert-form"]').trigger('submit')
    await flushPromises()
    expect(wrapper.get('[data-testid="alert-refusal"]').text()).toBe(words)
    expect(wrapper.get('[data-testid="alert-level"]').attributes('aria-invalid')).toBe('true')
    expect(wrapper.get<HTMLInputElement>('[data-testid="alert-level"]').element.value).toBe(text) // never rewritten
    expect(fake.inputs('alerts.create')).toEqual([])
  })

  it('asks before a level ten times the price now or a tenth of it, naming the distance; never rewrites it', async () => {
    const { fake, wrapper } = await rig()
    await click(wrapper, 'alert-new')
    const asked = () => wrapper.find('[data-testid="alert-far"]')
    const submit = async () => {
      await wrapper.get('[data-testid="alert-form"]').trigger('submit')
      await flushPromises()
    }
    await type(wrapper, 'alert-level', '65000000') // 1,000 times the price now
    await submit()
    expect(fake.inputs('alerts.create')).toEqual([])
    expect(asked().text()).toContain('Last price now is 65,000; the level 65,000,000 is 1,000× that, 99,900% above it.')
    await click(wrapper, 'alert-far-no')
    expect(asked().exists()).toBe(false)
    expect(wrapper.get<HTMLInputElement>('[data-testid="alert-level"]').element.value).toBe('65000000') // as typed
    await type(wrapper, 'alert-level', '65')
    await submit()
    expect(asked().text()).toContain('the level 65 is 99.9% below it, 1/1,000 of it')
    await type(wrapper, 'alert-level', '66') // another level: asked again, not taken as the yes of the first
    expect(asked().exists()).toBe(false)
    await submit()
    await click(wrapper, 'alert-far-yes')
    await flushPromises()
    expect(fake.inputs('alerts.create')).toMatchObject([{ rule: { kind: 'cross', level: '66' } }])
    // Near the price, nothing is asked.
    await click(wrapper, 'alert-new')
    await type(wrapper, 'alert-level', '70000')
    await submit()
    expect(fake.inputs('alerts.create')).toHaveLength(2)
  })

  it('shows main’s refusal of an identical alert in its words', async () => {
    const { fake, wrapper } = await rig()
    fake.handlers['alerts.create'] = () => {
      throw new ContractError({
        code: 'alert-rule',
        message:
          'the same alert already exists on this market (same price, rule, level and repeat): edit or resume that one',
        words: { key: 'alerts.refuse.duplicate' }
      })
    }
    await click(wrapper, 'alert-new')
    await wrapper.get('[data-testid="alert-form"]').trigger('submit')
    await flushPromises()
    expect(wrapper.get('[data-testid="alert-refusal"]').text()).toContain(
      'the same alert already exists on this market'
    )
    expect(wrapper.find('[data-testid="alert-form"]').exists()).toBe(true)
  })

  it('refuses a channel whose low is not below its high', async () => {
    const { fake, wrapper } = await rig()
    await click(wrapper, 'alert-new')
    await wrapper.get('[data-testid="alert-kind"]').setValue('channel')
    await type(wrapper, 'alert-low', '100')
    await type(wrapper, 'alert-high', '90')
    await wrapper.get('[data-testid="alert-form"]').trigger('submit')
    await flushPromises()
    expect(wrapper.get('[data-testid="alert-refusal"]').text()).toBe(
      "a channel alert's low (100) must be below its high (90)"
    )
    expect(fake.inputs('alerts.create')).toEqual([])
  })

  it('pauses, resumes and deletes', async () => {
    const { fake, wrapper, items } = await rig()
    await fake.emit('alerts.onChange', event(PAPER.id, { alerts: [alert()], fired: [] }))
    await items()[0]!.get('[data-testid="alert-pause"]').trigger('click')
    await fake.emit('alerts.onChange', event(PAPER.id, { alerts: [alert({ state: 'paused' })], fired: [] }))
    await items()[0]!.get('[data-testid="alert-pause"]').trigger('click')
    await items()[0]!.get('[data-testid="alert-delete"]').trigger('click')
    await flushPromises()
    expect(fake.inputs('alerts.update')).toEqual([
      { profileId: PAPER.id, id: 'a1', paused: true },
      { profileId: PAPER.id, id: 'a1', paused: false }
    ])
    expect(fake.inputs('alerts.delete')).toEqual([{ profileId: PAPER.id, id: 'a1' }])
    expect(wrapper.get('[data-testid="alert-pause"]').text()).toBe('Resume')
  })

  it('tells a fire as a toast; main lists it in the notification center, the window does not again', async () => {
    const { fake } = await rig()
    const fired = alert({ state: 'fired', firedAt: 5, firedPrice: '70000.10', fires: 1 })
    await fake.emit(
      'alerts.onChange',
      event(PAPER.id, {
        alerts: [fired],
        fired: [
          {
            alertId: 'a1',
            module: 'spot',
            symbol: 'btcusdt',
            source: 'last',
            rule: fired.rule,
            at: 5,
            price: '70000.10'
          }
        ]
      })
    )
    const toast = useFeedbackStore().toasts.at(-1)!
    expect(toast.title).toBe('Price alert: BTC/USDT')
    expect(toast.text).toBe('Last price crosses 70,000 up: 70,000.10')
    expect(fake.inputs('notices.add')).toEqual([])
  })

  it("a fire just after a profile switch waits for the venue's markets to name its own by its coins", async () => {
    const { fake, profiles } = await rig()
    let release = (): void => undefined
    const held = new Promise<void>((r) => (release = r))
    fake.handlers['market.symbols'] = async () => {
      await held
      return [BTCUSDT]
    }
    await profiles.setActive(REMOTE.id)
    await flushPromises()
    const toasts = useFeedbackStore().toasts.length
    const fire = {
      alertId: 'r1',
      module: 'spot' as const,
      symbol: 'btcusdt',
      source: 'last' as const,
      rule: alert().rule,
      at: 7,
      price: '70000.1'
    }
    await fake.emit('alerts.onChange', event(REMOTE.id, { alerts: [alert({ id: 'r1' })], fired: [fire] }))
    expect(useFeedbackStore().toasts).toHaveLength(toasts) // not "btcusdt"
    release()
    await flushPromises()
    expect(useFeedbackStore().toasts.at(-1)!.title).toBe('Price alert: BTC/USDT')
  })

  it('the sound on a fire is a preference kept by main, on by default', async () => {
    const { fake, wrapper } = await rig()
    const box = wrapper.get<HTMLInputElement>('[data-testid="alert-sound"]')
    expect(box.element.checked).toBe(true)
    await box.setValue(false)
    await flushPromises()
    expect(fake.inputs('preferences.set').at(-1)).toMatchObject({ app: { alertSound: false } })
  })

  it("a profile switch empties the list at once and never shows the old profile's alerts", async () => {
    const { fake, profiles, items } = await rig()
    await fake.emit('alerts.onChange', event(PAPER.id, { alerts: [alert()], fired: [] }))
    expect(items()).toHaveLength(1)
    await profiles.setActive(REMOTE.id)
    await flushPromises()
    expect(items()).toHaveLength(0)
    expect(fake.subscribed('alerts.onChange')).toEqual([{ profileId: REMOTE.id }])
    await fake.emit('alerts.onChange', event(PAPER.id, { alerts: [alert({ id: 'late' })], fired: [] })) // the old one's
    expect(items()).toHaveLength(0)
    await fake.emit(
      'alerts.onChange',
      event(REMOTE.id, { alerts: [alert({ id: 'r1', profileId: REMOTE.id })], fired: [] })
    )
    expect(items()).toHaveLength(1)
  })
})
