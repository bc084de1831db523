// Close all and the futures algorithms still running on the contracts it closes (review of issue 19: it only named
// them, and one could open the position again right after). The confirmation names each one and offers, ticked, to
// stop them first, whatever the confirmations setting; chosen, each is stopped through main's algos.cancel on the
// account the close was confirmed for and waited for until main shows it ended, then the close goes; each stop's
// outcome is said. Unticked, they are left running, as said. The flatten hotkey asks the same. A close-only one
// (trial: a reduce-only trailing stop "may open it again") is named as what it is.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import type { AlgoView } from '@shared/ipc/views/algos'
import PositionPanel from '../../../src-renderer/src/panels/PositionPanel.vue'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useTradingHotkeysStore } from '../../../src-renderer/src/hotkeys/trading-hotkeys'
import { usePositionActionsStore } from '../../../src-renderer/src/stores/position-actions'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { t } from '../../../src-renderer/src/i18n'
import { refuse, type FakeClient } from './fake-client'
import { click, mountPanel } from './setup'
import { algoView, childView } from '../algos/algo-view'
import { placedAck, position, POSITION_RECORDS } from './fixtures'

const records = { ...POSITION_RECORDS, 'account.triggerOrders': () => ({ count: 0, orders: [] }) }
const twap = algoView({
  id: '0b8f6c52-6a1f-4c39-9a57-2d2a7a0f00aa',
  kind: 'twap',
  module: 'futures',
  symbol: 'E-BTC-USDT',
  side: 'BUY',
  open: 'OPEN',
  positionType: 1,
  quantity: '10',
  state: 'working'
})
const TWAP_NAME = 'TWAP (Open long 10 contracts on BTC/USDT perpetual)'
/** A reduce-only trailing stop: its orders only close (trial shot 042 said it "may open it again"). */
const trailing = algoView({
  id: '5d0e0f8e-3b7a-4c1e-9d55-0c1f2e3a4b5c',
  kind: 'trailing-stop',
  module: 'futures',
  symbol: 'E-BTC-USDT',
  side: 'SELL',
  open: 'CLOSE',
  positionType: 1,
  quantity: '30',
  state: 'working'
})
const ended = (a: AlgoView): AlgoView => ({ ...a, state: 'cancelled' })
const closeInput = {
  module: 'futures',
  symbol: 'E-BTC-USDT',
  positionType: 1,
  side: 'SELL',
  type: 'MARKET',
  volume: '23',
  open: 'CLOSE'
}
/** main's algos.cancel: the algorithm stopping at once, then (on the stream) cancelled. */
const cancelling = (fake: () => FakeClient, extra: Partial<AlgoView> = {}, stamp: object = {}) => ({
  'algos.cancel': (i: { id: string }) => {
    const a = { ...twap, ...extra, id: i.id }
    queueMicrotask(() => void fake().emit('algos.onChange', { algos: [ended(a)], ...stamp }))
    return { ...a, state: 'stopping' as const }
  }
})
const traded = (fake: FakeClient) =>
  fake.calls.filter((c) => /^(trading|algos)\.(placeOrder|cancel)/.test(c.channel)).map((c) => [c.channel, c.input])

async function table(confirm: boolean, handlers: Parameters<typeof mountPanel>[2] = {}) {
  let fake: FakeClient | null = null
  const rig = await mountPanel(
    PositionPanel,
    { module: 'futures', confirm },
    {
      ...records,
      'trading.placeOrder': () => placedAck({ module: 'futures', symbol: 'E-BTC-USDT' }),
      ...cancelling(() => fake!),
      ...handlers
    }
  )
  fake = rig.fake
  await rig.account({ positions: [position({ volume: '23' })] })
  await fake.emit('algos.onChange', { algos: [twap] })
  return rig
}

describe('close all and the algorithms running on its contracts', () => {
  it('asks (confirmations off too), names them with a ticked choice, stops them first, then closes', async () => {
    const { wrapper, fake } = await table(false)
    await click(wrapper, 'positions-close-all')
    expect(wrapper.get('[data-testid="position-confirm-choice-label"]').text()).toBe(
      `Also stop this algorithm before closing: ${TWAP_NAME}`
    )
    expect((wrapper.get('[data-testid="position-confirm-choice"]').element as HTMLInputElement).checked).toBe(true)
    expect(traded(fake)).toEqual([])
    await click(wrapper, 'position-confirm-send')
    await vi.waitFor(() => expect(fake.inputs('trading.placeOrder')).toHaveLength(1))
    expect(traded(fake)).toEqual([
      ['algos.cancel', { id: twap.id }],
      ['trading.placeOrder', closeInput]
    ])
    await flushPromises()
    expect(wrapper.get('[data-testid="positions-message"]').text()).toBe(
      `stopped ${TWAP_NAME}; BTC/USDT perpetual: closing at market`
    )
  })

  it('names a close-only algorithm as such: it cannot open the position again; stopping it is still offered', async () => {
    const { wrapper, fake } = await table(true)
    await fake.emit('algos.onChange', { algos: [trailing] })
    await click(wrapper, 'positions-close-all')
    const lines = () => wrapper.findAll('[data-testid="position-confirm-lines"] li').map((l) => l.text())
    expect(lines().slice(1)).toEqual([
      '1 close-only algorithm still runs on BTC/USDT perpetual: it cannot open a position, ' +
        'and once closed there is nothing left for it to close'
    ])
    expect(wrapper.get('[data-testid="position-confirm-choice-label"]').text()).toBe(
      'Also stop this algorithm before closing: Trailing stop (Close long 30 contracts on BTC/USDT perpetual)'
    )
    // With one that opens beside it: each said in its own words, the choice names both.
    await click(wrapper, 'position-confirm-cancel')
    await fake.emit('algos.onChange', { algos: [trailing, twap] })
    await click(wrapper, 'positions-close-all')
    expect(lines().slice(1)).toEqual([
      '1 algorithm still runs on BTC/USDT perpetual and may open it again',
      '1 close-only algorithm still runs on BTC/USDT perpetual: it cannot open a position, ' +
        'and once closed there is nothing left for it to close'
    ])
    expect(wrapper.get('[data-testid="position-confirm-choice-label"]').text()).toMatch(
      /^Also stop these 2 algorithms before closing: /
    )
  })

  it('unticked, leaves them running and says so', async () => {
    const { wrapper, fake } = await table(true)
    await click(wrapper, 'positions-close-all')
    await wrapper.get('[data-testid="position-confirm-choice"]').setValue(false)
    await click(wrapper, 'position-confirm-send')
    expect(traded(fake)).toEqual([['trading.placeOrder', closeInput]])
    expect(wrapper.get('[data-testid="positions-message"]').text()).toBe(
      '1 algorithm left running, as chosen; BTC/USDT perpetual: closing at market'
    )
  })

  it('a stop main refuses: said, and that contract is not closed', async () => {
    const { wrapper, fake } = await table(true, {
      'algos.cancel': () => refuse({ code: 'venue', message: 'the terminal could not be reached' })
    })
    await click(wrapper, 'positions-close-all')
    await click(wrapper, 'position-confirm-send')
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    expect(wrapper.get('[data-testid="positions-message"]').text()).toBe(
      `${TWAP_NAME} not stopped (the terminal could not be reached); ` +
        'BTC/USDT perpetual: not closed: an algorithm on it was not stopped'
    )
  })

  it('stops on the account it was confirmed for, and skips the close orders the stopped algorithm held', async () => {
    const shown = 'the-account-shown'
    const child = childView({ orderId: '9007199254741003', side: 'SELL', state: 'open', volume: '5', filled: '0' })
    let fake: FakeClient | null = null
    const rig = await mountPanel(
      PositionPanel,
      { module: 'futures' },
      {
        ...records,
        'trading.placeOrder': () => placedAck({ module: 'futures', symbol: 'E-BTC-USDT' }),
        ...cancelling(() => fake!, { profileId: shown, children: [child] }, { profileId: shown, seq: 1000 })
      }
    )
    fake = rig.fake
    const long = position({ volume: '23' })
    useProfilesStore().activeId = shown
    // The poll still shows the child close order main cancelled with its algorithm.
    await rig.account({
      positions: [long],
      openOrders: [
        {
          module: 'futures',
          symbol: 'E-BTC-USDT',
          orderId: child.orderId!,
          clientOrderId: child.clientOrderId,
          side: 'SELL',
          type: 'LIMIT',
          price: '66000',
          volume: '5',
          executed: '0',
          avgPrice: '0',
          status: 'NEW',
          time: 1,
          open: 'CLOSE'
        }
      ]
    })
    const out = await usePositionActionsStore().closeAll([long] as never, [{ ...twap, children: [child] }])
    expect(traded(fake)).toEqual([
      ['algos.cancel', { profileId: shown, id: twap.id }],
      ['trading.placeOrder', { profileId: shown, ...closeInput }]
    ])
    expect(out.stops.map((s) => [s.ok, s.text])).toEqual([[true, `stopped ${TWAP_NAME}`]])
  })

  it('algorithms that cannot be read: said in the confirmation, asked even with confirmations off', async () => {
    const rig = await mountPanel(
      PositionPanel,
      { module: 'futures', confirm: false },
      {
        ...records,
        'trading.placeOrder': () => placedAck({ module: 'futures', symbol: 'E-BTC-USDT' }),
        'algos.list': () => refuse({ code: 'venue', message: 'the terminal could not be reached' })
      }
    )
    await rig.account({ positions: [position({ volume: '23' })] })
    await click(rig.wrapper, 'positions-close-all')
    expect(rig.wrapper.findAll('[data-testid="position-confirm-lines"] li').map((l) => l.text())).toEqual([
      expect.stringMatching(/^Long 23 contracts of BTC\/USDT perpetual/),
      'the algorithms running on these contracts could not be read (the terminal could not be reached): ' +
        'any still running may open a position again'
    ])
    expect(rig.fake.inputs('trading.placeOrder')).toEqual([])
  })

  it('an account switch while it reads the algorithms: nothing is asked or sent for the old positions', async () => {
    let release: (v: AlgoView[]) => void = () => {}
    const rig = await mountPanel(
      PositionPanel,
      { module: 'futures', confirm: true },
      { ...records, 'algos.list': () => new Promise<AlgoView[]>((r) => (release = r)) }
    )
    await rig.account({ positions: [position({ volume: '23' })] })
    await click(rig.wrapper, 'positions-close-all')
    useProfilesStore().activeId = 'another-account'
    release([twap])
    await flushPromises()
    expect(rig.wrapper.find('[data-testid="position-confirm"]').exists()).toBe(false)
  })

  it('the flatten hotkey names them and offers the same choice, even with its question turned off', async () => {
    let fake: FakeClient | null = null
    const rig = await mountPanel(
      OrderPanel,
      { module: 'futures' },
      {
        'trading.placeOrder': () => placedAck({ module: 'futures', symbol: 'E-BTC-USDT' }),
        'account.triggerOrders': () => ({ count: 0, orders: [] }),
        'algos.list': () => [twap],
        ...cancelling(() => fake!)
      }
    )
    fake = rig.fake
    await rig.account({ positions: [position({ volume: '23' })] })
    usePreferencesStore().app.hotkeys = { keys: {}, ask: { flatten: false } }
    const h = useTradingHotkeysStore()
    h.arm(true)
    await h.run('flatten')
    expect(h.asking?.words).toBe(
      'Close the 1 open position at market? 1 algorithm still runs on these contracts and may open a position again.'
    )
    expect(h.asking?.choice).toEqual({ label: `Also stop this algorithm before closing: ${TWAP_NAME}`, on: true })
    expect(traded(fake)).toEqual([])
    await h.answer(true)
    await vi.waitFor(() => expect(fake.inputs('trading.placeOrder')).toHaveLength(1))
    expect(traded(fake)).toEqual([
      ['algos.cancel', { id: twap.id }],
      ['trading.placeOrder', closeInput]
    ])
    await flushPromises()
    expect(useFeedbackStore().toasts.at(-1)?.text).toBe(`stopped ${TWAP_NAME}; BTC/USDT perpetual: placed`)
  })
})

describe('a close-only algorithm on a contract Close all closes', () => {
  it('the flatten hotkey names it as close-only (it cannot open the position again), still offering to stop it', async () => {
    const rig = await mountPanel(
      OrderPanel,
      { module: 'futures' },
      { 'account.triggerOrders': () => ({ count: 0, orders: [] }), 'algos.list': () => [trailing, twap] }
    )
    await rig.account({ positions: [position({ volume: '23' })] })
    const h = useTradingHotkeysStore()
    h.arm(true)
    await h.run('flatten')
    expect(h.asking?.words).toBe(
      'Close the 1 open position at market? 1 algorithm still runs on these contracts and may open a position again. ' +
        '1 close-only algorithm still runs on these contracts: it cannot open a position, and once they are closed ' +
        'there is nothing left for it to close.'
    )
    expect(h.asking?.choice?.label).toBe(
      'Also stop these 2 algorithms before closing: Trailing stop (Close long 30 contracts on BTC/USDT perpetual); ' +
        TWAP_NAME
    )
  })

  it('counts in words: one algorithm, two algorithms', () => {
    expect(t('algoUi.stopped', { n: 1 })).toBe('1 algorithm stopped')
    expect(t('algoUi.stopped', { n: 2 })).toBe('2 algorithms stopped')
    expect(t('orders.positions.algosLeft', { n: 1 })).toBe('1 algorithm left running, as chosen')
  })
})

describe('the flatten hotkey and an account switch while it reads the algorithms', () => {
  it('asks nothing for the old positions, and says why', async () => {
    let release: (v: AlgoView[]) => void = () => {}
    const rig = await mountPanel(
      OrderPanel,
      { module: 'futures' },
      {
        'account.triggerOrders': () => ({ count: 0, orders: [] }),
        'algos.list': () => new Promise<AlgoView[]>((r) => (release = r))
      }
    )
    await rig.account({ positions: [position({ volume: '23' })] })
    const h = useTradingHotkeysStore()
    h.arm(true)
    const pressed = h.run('flatten')
    useProfilesStore().activeId = 'another-account'
    release([twap])
    await pressed
    expect(h.asking).toBeNull()
    expect(useFeedbackStore().toasts.at(-1)?.text).toBe(
      'the account shown changed before this step: nothing more was sent'
    )
  })
})
