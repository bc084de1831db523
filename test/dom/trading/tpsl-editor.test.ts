// The TP/SL editor names every rule its legs break, each beside its field (it named only the first: a TP of 60,000
// and an SL of 70,000 on a long said the SL only), and sends nothing while one is broken.
import { describe, expect, it } from 'vitest'
import PositionPanel from '../../../src-renderer/src/panels/PositionPanel.vue'
import { click, mountPanel, type } from './setup'
import { position, POSITION_RECORDS } from './fixtures'

const records = { ...POSITION_RECORDS, 'trading.placeTpSl': () => ({ triggerIds: ['1', '2'] }) }
const errorText = (w: Awaited<ReturnType<typeof mountPanel>>['wrapper'], id: string) => {
  const e = w.find(`[data-testid="${id}-error"]`)
  return e.exists() ? e.text() : null
}

describe('TP/SL editor', () => {
  it('says both legs wrong beside their triggers, and sends nothing', async () => {
    const { wrapper, fake, account } = await mountPanel(PositionPanel, { module: 'futures' }, records)
    await account({ positions: [position()] }) // a long of 300 at the mark 65000.0
    await click(wrapper, 'position-tpsl')
    await type(wrapper, 'tpsl-sl', '70000')
    await type(wrapper, 'tpsl-tp', '60000')
    await click(wrapper, 'tpsl-submit')
    expect(errorText(wrapper, 'tpsl-sl')).toBe(
      'a sell stop-loss triggers below the mark price 65000; 70000 is not below it'
    )
    expect(errorText(wrapper, 'tpsl-tp')).toBe(
      'a sell take-profit triggers above the mark price 65000; 60000 is not above it'
    )
    expect(wrapper.get('[data-testid="tpsl-sl"]').attributes('aria-invalid')).toBe('true')
    expect(wrapper.get('[data-testid="positions-message"]').text()).toBe(
      'a sell stop-loss triggers below the mark price 65000; 70000 is not below it; ' +
        'a sell take-profit triggers above the mark price 65000; 60000 is not above it'
    )
    expect(fake.inputs('trading.placeTpSl')).toEqual([])
    // Typing in a field takes its refusal away; the other stays until the next Attach.
    await type(wrapper, 'tpsl-sl', '60000')
    expect(errorText(wrapper, 'tpsl-sl')).toBeNull()
    expect(errorText(wrapper, 'tpsl-tp')).not.toBeNull()
    await type(wrapper, 'tpsl-tp', '70000')
    await click(wrapper, 'tpsl-submit')
    expect(fake.inputs('trading.placeTpSl')).toHaveLength(1)
  })

  it('names a text it cannot read, a size beyond the position and a trigger on the wrong side at once', async () => {
    const { wrapper, fake, account } = await mountPanel(PositionPanel, { module: 'futures' }, records)
    await account({ positions: [position({ volume: '25' })] })
    await click(wrapper, 'position-tpsl')
    await type(wrapper, 'tpsl-sl', '6o000')
    await type(wrapper, 'tpsl-sl-price', '-1')
    await type(wrapper, 'tpsl-tp', '60000')
    await type(wrapper, 'tpsl-tp-qty', '26')
    await click(wrapper, 'tpsl-submit')
    expect(errorText(wrapper, 'tpsl-sl')).toBe(
      'the stop-loss price takes digits and one decimal point; "o" is not allowed'
    )
    expect(errorText(wrapper, 'tpsl-sl-price')).toMatch(/takes no sign/)
    expect(errorText(wrapper, 'tpsl-tp-qty')).toBe('the position holds 25 contracts; 26 contracts cannot be closed')
    expect(errorText(wrapper, 'tpsl-tp')).toBe(
      'a sell take-profit triggers above the mark price 65000; 60000 is not above it'
    )
    expect(errorText(wrapper, 'tpsl-sl-qty')).toBeNull()
    expect(fake.inputs('trading.placeTpSl')).toEqual([])
  })

  // The trial: "-5" refused, then "１２３" typed and attached: the confirmation opened beside the old "takes no sign".
  it('says only what holds of the field now: a refusal goes when the field is typed in and when a confirmation opens', async () => {
    const { wrapper, fake, account } = await mountPanel(PositionPanel, { module: 'futures', confirm: true }, records)
    await account({ positions: [position()] })
    const message = () => wrapper.find('[data-testid="positions-message"]')
    await click(wrapper, 'position-tpsl')
    await type(wrapper, 'tpsl-sl', '-5')
    await click(wrapper, 'tpsl-submit')
    expect(message().text()).toMatch(/^the stop-loss price takes no sign/)
    await type(wrapper, 'tpsl-sl', '\uFF11\uFF12\uFF13')
    expect(message().exists()).toBe(false)
    expect(errorText(wrapper, 'tpsl-sl')).toBeNull()
    await click(wrapper, 'tpsl-submit')
    expect(wrapper.get('[data-testid="position-confirm"]').text()).toMatch(/stop-loss .* at trigger 123/)
    expect(message().exists()).toBe(false)
    await click(wrapper, 'position-confirm-cancel')
    // A close refused, its quantity fixed: the confirmation opens without the old refusal.
    await type(wrapper, 'position-close-qty', 'abc')
    await click(wrapper, 'position-close-market')
    expect(message().exists()).toBe(true)
    await type(wrapper, 'position-close-qty', '10')
    await click(wrapper, 'position-close-market')
    expect(wrapper.find('[data-testid="position-confirm"]').exists()).toBe(true)
    expect(message().exists()).toBe(false)
    expect(fake.inputs('trading.placeTpSl')).toEqual([])
  })
})
