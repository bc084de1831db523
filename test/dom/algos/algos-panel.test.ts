// The Algorithms panel over the fake client: the shown profile's algorithms with their progress, orders, state and
// next action in words; pause, resume and cancel call their channel with the algorithm's id (cancel asks first); the
// kill switch asks first; an algorithm paused by a trigger missed while closed says so; a profile switch empties it.
import { describe, expect, it } from 'vitest'
import type { AlgosEventView } from '@shared/ipc/views/algos'
import AlgosPanel from '../../../src-renderer/src/panels/AlgosPanel.vue'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { refuse } from '../trading/fake-client'
import { click, marketPrices, mountPanel, type } from '../trading/setup'
import { algoView, childView } from './algo-view'

const IDS = [
  '0b8f6c52-6a1f-4c39-9a57-2d2a7a0f0001',
  '0b8f6c52-6a1f-4c39-9a57-2d2a7a0f0002',
  '0b8f6c52-6a1f-4c39-9a57-2d2a7a0f0003'
]
const LIST = [
  algoView({ id: IDS[0] }),
  algoView({
    id: IDS[1],
    state: 'paused',
    missed: { price: '59000', at: 2 },
    next: { key: 'algos.next.paused' },
    reason: { key: 'algos.reason.missed', params: { price: '59000', trigger: '60000' } }
  }),
  algoView({
    id: IDS[2],
    state: 'done',
    filled: '0.5',
    triggered: { price: '59990.5', at: 3, late: false },
    children: [childView()],
    next: { key: 'algos.next.none' },
    reason: { key: 'algos.reason.filled' },
    endedAt: 4
  })
]

let seq = 100
const event = (profileId: string, e: AlgosEventView) => ({ ...e, profileId, seq: ++seq })

async function rig(handlers = {}) {
  const r = await mountPanel(
    AlgosPanel,
    {},
    {
      ...handlers,
      'profiles.setActive': () => ({ ok: true }),
      'algos.pause': (i) => algoView({ id: i.id, state: 'paused' }),
      'algos.resume': (i) => algoView({ id: i.id }),
      'algos.cancel': (i) => algoView({ id: i.id, state: 'cancelled' }),
      'algos.killAll': () => [algoView({ state: 'cancelled' })]
    }
  )
  useProfilesStore().start()
  await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
  await r.fake.emit('algos.onChange', event(PAPER.id, { algos: LIST }))
  const items = () => r.wrapper.findAll('[data-testid="algo-item"]')
  const cell = (n: number, id: string) => items()[n]!.get(`[data-testid="${id}"]`)
  return { ...r, items, cell }
}

describe('the Algorithms panel', () => {
  it("lists the shown profile's algorithms with progress, orders, state and next action in words", async () => {
    const { items, cell } = await rig()
    expect(items().map((i) => i.attributes('data-state'))).toEqual(['waiting', 'paused', 'done'])
    expect(cell(0, 'algo-kind-cell').text()).toBe('Stop limit')
    expect(
      items()[0]!
        .findAll('[data-testid="algo-term"]')
        .map((s) => s.text())
    ).toEqual(['Trigger 60,000', 'Stop limit 59,900'])
    expect(cell(0, 'algo-progress').text()).toBe('0 / 0.5')
    expect(cell(0, 'algo-children').text()).toBe('none yet')
    expect(cell(0, 'algo-next').text()).toBe('Sell when the last price reaches 60000')
    expect(cell(1, 'algo-state').text()).toBe('paused: its trigger passed while the terminal was closed')
    expect(cell(1, 'algo-next').text()).toBe(
      'the last price (59000) had passed the trigger (60000) while the terminal was closed; resume to send it now, or cancel'
    )
    expect(items()[1]!.find('[data-testid="algo-resume"]').exists()).toBe(true)
    expect(items()[1]!.find('[data-testid="algo-cancel"]').exists()).toBe(true)
    expect(cell(2, 'algo-progress').text()).toBe('0.5 / 0.5')
    expect(cell(2, 'algo-child').text()).toBe('stop leg: limit sell 0.5 at 59,900 · ended, filled 0.5')
    expect(cell(2, 'algo-state').text()).toBe('done · triggered at 59,990.5')
    expect(cell(2, 'algo-next').text()).toBe('filled')
    expect(items()[2]!.find('button').exists()).toBe(false) // an ended one has nothing to do
  })

  it('a chase shows its distance, its bound as main computes it, and its minimum interval', async () => {
    const { fake, items } = await rig()
    const chase = algoView({
      id: IDS[0],
      kind: 'chase',
      triggerPrice: null,
      stopLimitPrice: null,
      limitPrice: '30500',
      maxDistancePercent: '0.5',
      intervalSeconds: 5,
      anchor: '30000',
      chaseBound: '30150'
    })
    await fake.emit('algos.onChange', event(PAPER.id, { algos: [chase] }))
    expect(
      items()[0]!
        .findAll('[data-testid="algo-term"]')
        .map((s) => s.text())
    ).toEqual(['Limit 30,500', 'Max distance 0.5%', 'Bound 30,150', 'Min interval 5 s'])
  })

  it("a safe edit: only what may change, read as typed (refused in words, nothing sent), only what changed sent, main's refusal shown", async () => {
    let answer: 'ok' | 'refuse' = 'refuse'
    const { wrapper, fake, items } = await rig({
      'algos.edit': (i: { id: string; limitPrice?: string }) =>
        answer === 'refuse'
          ? refuse({
              code: 'algo-rule',
              message: 'in flight',
              words: { key: 'algos.refuse.editInFlight', params: { order: '42' } }
            })
          : algoView({ id: i.id, kind: 'twap', limitPrice: i.limitPrice ?? null })
    })
    const twap = algoView({
      id: IDS[0],
      kind: 'twap',
      state: 'working',
      triggerPrice: null,
      stopLimitPrice: null,
      limitPrice: '60000',
      durationSeconds: 600,
      slices: 10,
      jitter: false,
      editable: ['limitPrice']
    })
    await fake.emit('algos.onChange', event(PAPER.id, { algos: [twap, LIST[2]!] }))
    expect(items()[1]!.find('[data-testid="algo-edit-open"]').exists()).toBe(false) // ended: nothing to edit
    await items()[0]!.get('[data-testid="algo-edit-open"]').trigger('click')
    await marketPrices(fake) // the last price the edit's price guard measures from (algo-edit-guards.test.ts)
    const field = () => wrapper.get('[data-testid="algo-edit-limitPrice"]')
    const save = () => wrapper.get('[data-testid="algo-edit-save"]')
    const refusal = () => wrapper.find('[data-testid="algo-edit-refusal"]')
    expect((field().element as HTMLInputElement).value).toBe('60000')
    expect(save().attributes('disabled')).toBeDefined() // nothing changed yet
    await type(wrapper, 'algo-edit-limitPrice', '5999x')
    expect(refusal().text()).toBe('the limit price takes digits and one decimal point; "x" is not allowed')
    expect((field().element as HTMLInputElement).value).toBe('5999x') // kept as typed
    expect(save().attributes('disabled')).toBeDefined()
    await type(wrapper, 'algo-edit-limitPrice', '')
    expect(refusal().text()).toBe('the limit price cannot be removed while it runs')
    await type(wrapper, 'algo-edit-limitPrice', '59990')
    expect(refusal().exists()).toBe(false)
    await click(wrapper, 'algo-edit-save')
    expect(refusal().text()).toBe(
      'order 42 of this algorithm has no known outcome yet: it is reconciled first; try again in a moment'
    )
    answer = 'ok'
    await click(wrapper, 'algo-edit-save')
    expect(fake.inputs('algos.edit')).toEqual([
      { profileId: PAPER.id, id: IDS[0], limitPrice: '59990' },
      { profileId: PAPER.id, id: IDS[0], limitPrice: '59990' }
    ])
    expect(wrapper.find('[data-testid="algo-edit"]').exists()).toBe(false) // closed once saved
  })

  it('pauses and resumes by id; cancel asks first and sends only on yes', async () => {
    const { wrapper, fake, items } = await rig()
    await items()[0]!.get('[data-testid="algo-pause"]').trigger('click')
    await items()[1]!.get('[data-testid="algo-resume"]').trigger('click')
    expect(fake.inputs('algos.pause')).toEqual([{ profileId: PAPER.id, id: IDS[0] }])
    expect(fake.inputs('algos.resume')).toEqual([{ profileId: PAPER.id, id: IDS[1] }])
    await items()[1]!.get('[data-testid="algo-cancel"]').trigger('click')
    expect(wrapper.get('[data-testid="algo-cancel-ask"]').text()).toBe(
      'Cancel the Stop limit on BTC/USDT and its open orders?'
    )
    await click(wrapper, 'algo-cancel-no')
    expect(fake.inputs('algos.cancel')).toEqual([])
    await items()[1]!.get('[data-testid="algo-cancel"]').trigger('click')
    await click(wrapper, 'algo-cancel-yes')
    expect(fake.inputs('algos.cancel')).toEqual([{ profileId: PAPER.id, id: IDS[1] }])
  })

  it('the kill switch asks first, then stops every algorithm of the profile', async () => {
    const { wrapper, fake } = await rig()
    await click(wrapper, 'algo-kill')
    expect(wrapper.get('[data-testid="algo-kill-ask"]').text()).toBe(
      `Stop every running algorithm of ${PAPER.name} and cancel their orders?`
    )
    await click(wrapper, 'algo-kill-no')
    expect(fake.inputs('algos.killAll')).toEqual([])
    await click(wrapper, 'algo-kill')
    await click(wrapper, 'algo-kill-yes')
    expect(fake.inputs('algos.killAll')).toEqual([{ profileId: PAPER.id }])
  })

  it("a profile switch empties it at once and shows only the new profile's", async () => {
    const { wrapper, fake, items } = await rig()
    await fake.emit('algos.onChange', event(PAPER.id, { algos: [{ ...LIST[0]!, editable: ['triggerPrice'] }] }))
    await items()[0]!.get('[data-testid="algo-edit-open"]').trigger('click')
    expect(wrapper.find('[data-testid="algo-edit"]').exists()).toBe(true)
    await click(wrapper, 'algo-kill') // a question about the old profile
    await fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], REMOTE.id))
    expect(items()).toHaveLength(0)
    expect(wrapper.find('[data-testid="algo-kill-ask"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="algo-edit"]').exists()).toBe(false) // an edit of the old profile's is gone
    expect(fake.subscribed('algos.onChange').at(-1)).toEqual({ profileId: REMOTE.id })
    await fake.emit('algos.onChange', event(PAPER.id, { algos: LIST })) // late, of the old profile
    expect(items()).toHaveLength(0)
    await fake.emit('algos.onChange', event(REMOTE.id, { algos: [] }))
    expect(wrapper.get('[data-testid="algo-empty"]').text()).toBe('No algorithms')
    expect(wrapper.get('[data-testid="algo-kill"]').attributes('disabled')).toBeDefined()
  })
})
