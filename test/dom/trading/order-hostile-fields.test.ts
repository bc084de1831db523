// Hostile text typed into every number field of the spot and futures order form, in every order type: the panel
// never fails (no error reaches its frame), and an unreadable leverage is refused in words at its field. The trial
// found "abc" or "１５" in Leverage with a Market order turning the whole panel into "could not be shown".
import { defineComponent, h, onErrorCaptured } from 'vue'
import { afterEach, describe, expect, it } from 'vitest'
import type { Module } from '@shared/module'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { mountPanel, type, type Rig } from './setup'

const HOSTILE = ['abc', '\uFF11\uFF15', '-5', '1e3', '1,5', '.', '0', ' ', '', '9'.repeat(40), '\u0661\u0665', 'NaN']

/** What a panel throws, caught the way the panel frame (PanelHost.vue) catches it. */
let errors: unknown[] = []
const Fenced = defineComponent({
  setup() {
    onErrorCaptured((e) => {
      errors.push(e)
      return false
    })
    return () => h(OrderPanel)
  }
})
afterEach(() => (errors = []))

interface Case {
  module: Module
  type: 'LIMIT' | 'MARKET'
  trigger?: 'stop-loss' | 'trailing-stop'
}
const cases: Case[] = [
  { module: 'spot', type: 'LIMIT' },
  { module: 'spot', type: 'MARKET' },
  { module: 'futures', type: 'LIMIT' },
  { module: 'futures', type: 'MARKET' },
  { module: 'futures', type: 'MARKET', trigger: 'stop-loss' },
  { module: 'futures', type: 'LIMIT', trigger: 'trailing-stop' }
]
const label = (c: Case) => `${c.module} ${c.type}${c.trigger ? ` ${c.trigger}` : ''}`

async function form(c: Case): Promise<Rig> {
  const rig = await mountPanel(Fenced, { module: c.module })
  await rig.wrapper.get('[data-testid="order-type"]').setValue(c.type)
  if (c.trigger) await rig.wrapper.get('[data-testid="order-trigger"]').setValue(c.trigger)
  return rig
}
const fieldsOf = (w: Rig['wrapper']) =>
  ['order-leverage', 'order-price', 'order-volume', 'order-trigger-price', 'order-callback'].filter((id) =>
    w.find(`[data-testid="${id}"]`).exists()
  )

describe('the order form under hostile text', () => {
  it.each(cases.map((c) => [label(c), c] as const))('%s: no field makes the panel fail', async (_, c) => {
    const { wrapper } = await form(c)
    const fields = fieldsOf(wrapper)
    expect(fields.length).toBeGreaterThan(c.module === 'futures' ? 2 : 0)
    for (const id of fields) {
      for (const text of HOSTILE) {
        await type(wrapper, id, text)
        // the slider sizes from what is typed too
        await wrapper.get('[data-testid="order-share"]').setValue('50')
        expect(errors, `${id} = ${JSON.stringify(text)}`).toEqual([])
        expect(wrapper.find('[data-testid="order-submit"]').exists()).toBe(true)
      }
      await type(wrapper, id, id === 'order-leverage' ? '10' : '')
    }
    wrapper.unmount()
  })

  it('refuses an unreadable leverage at its field, and keeps the text as typed', async () => {
    const { wrapper } = await form({ module: 'futures', type: 'MARKET' })
    await type(wrapper, 'order-leverage', 'abc')
    expect(errors).toEqual([])
    const lev = wrapper.get('[data-testid="order-leverage"]')
    expect((lev.element as HTMLInputElement).value).toBe('abc')
    expect(lev.attributes('aria-invalid')).toBe('true')
    expect(wrapper.get('[data-testid="order-leverage-refusal"]').text()).toBe(
      'the leverage takes digits and one decimal point; "a" is not allowed'
    )
    expect(wrapper.get('[data-testid="order-slider-hint"]').text()).toBe(
      'leverage must be a whole number from 1 to 1000'
    )
    await type(wrapper, 'order-volume', '5')
    expect(wrapper.get('[data-testid="order-submit"]').attributes('disabled')).toBeDefined()
    // said once: at the field, not again under Submit
    expect(wrapper.find('[data-testid="order-refusal"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('sizes by a full-width leverage as it reads it ("１５" is 15)', async () => {
    const { wrapper } = await form({ module: 'futures', type: 'LIMIT' })
    await type(wrapper, 'order-price', '50000')
    await type(wrapper, 'order-leverage', '\uFF11\uFF15')
    await wrapper.get('[data-testid="order-share"]').setValue('10')
    expect(errors).toEqual([])
    expect(wrapper.find('[data-testid="order-leverage-refusal"]').exists()).toBe(false)
    // 10 % of 10 000 USDT x 15 = 15 000 USDT of contracts worth 0.001 x 50 000 = 50 USDT each
    expect((wrapper.get('[data-testid="order-volume"]').element as HTMLInputElement).value).toBe('300')
    wrapper.unmount()
  })
})
