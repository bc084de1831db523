// The order form in Chinese: its labels, a refusal of the trading rules with its one-click fix, the confirmation,
// the batch builder, main's refusal told by its words, the form's own refusals, and a switch of language re-telling
// what is on screen. Simplified Chinese throughout, Traditional for a few; English is back after each test.
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { inEnglish } from '@shared/i18n/translate'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import FuturesSettings from '../../../src-renderer/src/panels/trading/FuturesSettings.vue'
import TpSlEditor from '../../../src-renderer/src/panels/trading/TpSlEditor.vue'
import OrderGuardSettings from '../../../src-renderer/src/components/settings/OrderGuardSettings.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { outcomeWords } from '../../../src-renderer/src/lib/fill-words'
import { errorText } from '../../../src-renderer/src/stores/trading'
import { ContractError } from '@shared/ipc/contract-kit'
import { click, marketPrices, mountPanel, type } from './setup'
import { placedAck, position } from './fixtures'
import { refuse } from './fake-client'

const ack = placedAck({ orderId: '9007199254740993' })
const text = (w: Awaited<ReturnType<typeof mountPanel>>['wrapper'], id: string) => w.get(`[data-testid="${id}"]`).text()

afterEach(() => setLocale('en'))

describe('the order form in Chinese', () => {
  it('labels the spot form, and a rule refusal with its fixes, which mend the field', async () => {
    setLocale('zh-CN')
    const { wrapper } = await mountPanel(OrderPanel)
    expect(text(wrapper, 'order-side-buy')).toBe('买入')
    expect(text(wrapper, 'order-side-sell')).toBe('卖出')
    expect(wrapper.findAll('[data-testid="order-type"] option').map((o) => o.text())).toEqual(['限价', '市价'])
    expect(wrapper.get('.op-mod').text()).toBe('现货')
    expect(text(wrapper, 'order-batch-add')).toBe('+ 批量')
    expect(wrapper.get('.ss-amt').text()).toMatch(/^可用 [\d,.]+ USDT$/)
    expect(wrapper.get('.op-opts').text()).toContain('测试委托')
    expect(wrapper.get('.op-opts').text()).toContain('确认')
    // An empty form says what Submit waits for, in words.
    expect(text(wrapper, 'order-hint')).toBe('请输入价格')
    await type(wrapper, 'order-price', '65000.129')
    await type(wrapper, 'order-volume', '0.001')
    expect(text(wrapper, 'order-refusal')).toBe('BTC/USDT 的价格最小变动单位为 0.01 USDT：65000.12 或 65000.13')
    const fixes = wrapper.findAll('[data-testid="order-fix"]')
    expect(fixes.map((b) => b.text())).toEqual(['65000.12', '65000.13'])
    expect(fixes[1]!.attributes('title')).toBe('将价格设为 65000.13')
    await fixes[1]!.trigger('click')
    await flushPromises()
    expect((wrapper.get('[data-testid="order-price"]').element as HTMLInputElement).value).toBe('65000.13')
    expect(wrapper.find('[data-testid="order-refusal"]').exists()).toBe(false)
    expect(text(wrapper, 'order-submit')).toBe('买入 BTC')
  })

  it('says a number it cannot read, and below a minimum, in Traditional Chinese', async () => {
    setLocale('zh-TW')
    const { wrapper } = await mountPanel(OrderPanel)
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '1,5')
    expect(text(wrapper, 'order-refusal')).toBe(
      '數量請用小數點表示小數；逗號只用於千分位（1,234.5）：您是想輸入 1.5 嗎？'
    )
    await type(wrapper, 'order-volume', '0.00005')
    expect(text(wrapper, 'order-refusal')).toBe('數量 0.00005 BTC 低於 BTC/USDT 限價單的最小值 0.0001 BTC')
    expect(text(wrapper, 'order-submit')).toBe('買入 BTC')
  })

  it('re-tells what is on screen when the language changes', async () => {
    const { wrapper } = await mountPanel(OrderPanel)
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.00005')
    expect(text(wrapper, 'order-refusal')).toBe(
      'size 0.00005 BTC is below the minimum 0.0001 BTC for limit orders on BTC/USDT'
    )
    expect(wrapper.get('.ss-amt').text()).toMatch(/^Avail [\d,.]+ USDT$/) // its space kept (not a trailing one)
    setLocale('zh-CN')
    await flushPromises()
    expect(text(wrapper, 'order-refusal')).toBe('数量 0.00005 BTC 低于 BTC/USDT 限价单的最小值 0.0001 BTC')
    expect(text(wrapper, 'order-side-buy')).toBe('买入')
  })

  it('confirms an order in Chinese, and tells it placed', async () => {
    setLocale('zh-CN')
    const { wrapper } = await mountPanel(OrderPanel, { confirm: true }, { 'trading.placeOrder': () => ack })
    await type(wrapper, 'order-price', '65000.10')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(text(wrapper, 'order-confirm-title')).toBe('买入 BTC/USDT？')
    const rows = Object.fromEntries(
      wrapper.findAll('[data-testid="order-confirm-rows"] > div').map((r) => [r.get('dt').text(), r.get('dd').text()])
    )
    expect(rows).toEqual({
      市场: 'BTC/USDT · 现货',
      '方向 · 类型': '买入 · 限价',
      数量: '0.01 BTC',
      价格: '65,000.10 USDT',
      预估总额: '650.01 USDT',
      手续费: '未知：交易所未公布费率，且您在该市场尚无成交'
    })
    expect(text(wrapper, 'order-confirm-profile')).toMatch(/^发往/)
    expect(text(wrapper, 'order-confirm-cancel')).toBe('取消')
    expect(text(wrapper, 'order-confirm')).toBe('确认')
    expect(wrapper.get('[data-testid="order-confirm-dialog"]').text()).toContain('不再询问')
    await click(wrapper, 'order-confirm')
    expect(text(wrapper, 'order-result')).toBe('买入委托已下单：0.01 BTC，价格 65,000.10 USDT，BTC/USDT')
    // A line still on screen follows a language change.
    setLocale('zh-TW')
    await flushPromises()
    expect(text(wrapper, 'order-result')).toBe('買入委託已下單：0.01 BTC，價格 65,000.10 USDT，BTC/USDT')
  })

  it('confirms in Traditional Chinese, and tells a venue refusal by its code', async () => {
    setLocale('zh-TW')
    const { wrapper } = await mountPanel(
      OrderPanel,
      { confirm: true },
      {
        'trading.placeOrder': () =>
          refuse({ code: 'exchange', message: 'Insufficient balance', exchange: { code: -2017, httpStatus: 400 } })
      }
    )
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(text(wrapper, 'order-confirm-title')).toBe('買入 BTC/USDT？')
    expect(wrapper.findAll('[data-testid="order-confirm-rows"] dt').map((d) => d.text())).toEqual([
      '市場',
      '方向 · 類型',
      '數量',
      '價格',
      '預估總額',
      '手續費'
    ])
    await click(wrapper, 'order-confirm')
    expect(text(wrapper, 'order-result')).toBe('帳戶餘額不足（交易所錯誤碼 -2017）')
    setLocale('en')
    await flushPromises()
    expect(text(wrapper, 'order-result')).toBe('Insufficient balance (venue code -2017)')
  })

  it("tells main's refusal of a rule by its words", async () => {
    setLocale('zh-CN')
    const words = { key: 'order.rule.batchSize', params: { max: 10 } }
    const { wrapper } = await mountPanel(
      OrderPanel,
      {},
      { 'trading.placeOrder': () => refuse({ code: 'order-rule', message: inEnglish(words), field: 'price', words }) }
    )
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(text(wrapper, 'order-result')).toBe('批量下单最多 10 笔委托')
  })

  it('builds a batch in Chinese', async () => {
    setLocale('zh-CN')
    const { wrapper } = await mountPanel(OrderPanel)
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-batch-add')
    const batch = wrapper.get('[data-testid="order-batch"]')
    expect(batch.text()).toContain('批量')
    expect(text(wrapper, 'order-batch-send')).toBe('批量下单')
    expect(batch.get('li').text()).toContain('买入')
    expect(batch.get('li').text()).toContain('限价')
    expect(batch.get('li button').attributes('aria-label')).toBe('移除第 1 笔委托')
  })

  it('labels the futures form and says its own refusals in Chinese', async () => {
    setLocale('zh-CN')
    const { wrapper, account, fake } = await mountPanel(OrderPanel, { module: 'futures' })
    await account({ positions: [position({ volume: '5' })] }) // its mark is followed
    await marketPrices(fake)
    expect(text(wrapper, 'order-side-buy')).toBe('做多')
    expect(text(wrapper, 'order-margin-cross')).toBe('全仓')
    expect(text(wrapper, 'order-margin-isolated')).toBe('逐仓')
    expect(text(wrapper, 'order-mark')).toBe('标记价格 65,000.0')
    expect(wrapper.findAll('[data-testid="order-trigger"] option').map((o) => o.text())).toEqual([
      '无触发',
      '止损',
      '止盈',
      '跟踪止损'
    ])
    expect(text(wrapper, 'order-submit')).toBe('开多')
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '10')
    expect(wrapper.get('[data-testid="order-futures-preview"]').text()).toContain('预估强平价')
    expect(text(wrapper, 'preview-max')).toMatch(/张$/)
    // A contract rule's refusal names the contract in Chinese, not "BTC/USDT perpetual".
    await type(wrapper, 'order-volume', '1.5')
    expect(text(wrapper, 'order-refusal')).toMatch(/^BTC\/USDT 永续 /)
    await type(wrapper, 'order-volume', '10')
    await click(wrapper, 'order-close')
    await click(wrapper, 'order-side-sell')
    await type(wrapper, 'order-volume', '6')
    expect(text(wrapper, 'order-refusal')).toBe('平仓 6 张，但多头持仓只有 5 张')
    expect(text(wrapper, 'order-submit')).toBe('平多')
    await wrapper.get('[data-testid="order-trigger"]').setValue('stop-loss')
    expect(text(wrapper, 'order-submit')).toBe('平多（止损）')
  })
})

describe('order words in Chinese outside the form', () => {
  it('tells a fill', () => {
    setLocale('zh-CN')
    const w = outcomeWords({
      market: 'ETH/USDT',
      side: 'BUY',
      type: 'LIMIT',
      volume: '0.156',
      askedInQuote: false,
      executed: '0.044',
      avgPrice: '3100',
      state: 'canceled',
      unit: 'ETH',
      quote: 'USDT',
      priceDecimals: 2
    })
    expect(w.title).toBe('部分成交 · ETH/USDT')
    expect(w.text).toBe('部分成交：买入 0.044 / 0.156 ETH（28%），均价 3,100.00，其余已撤单：0.112 ETH 未买入')
  })

  it('tells an error of main by its words, and a venue code in our words', () => {
    setLocale('zh-TW')
    const rule = { key: 'order.rule.leverage' }
    expect(errorText(new ContractError({ code: 'order-rule', message: inEnglish(rule), words: rule }))).toBe(
      '槓桿倍數須為 1 到 1000 之間的整數'
    )
    expect(
      errorText(new ContractError({ code: 'exchange', message: 'Insufficient balance', exchange: { code: -2017 } }))
    ).toBe('帳戶餘額不足（交易所錯誤碼 -2017）')
  })

  it('labels the order guard settings and refuses a bad percent in Chinese', async () => {
    setLocale('zh-CN')
    const { wrapper } = await mountPanel(OrderPanel)
    const settings = mount(OrderGuardSettings, { attachTo: document.body })
    expect(settings.text()).toContain('价格保护')
    expect(settings.text()).toContain('市价单滑点保护')
    await settings.get('[data-testid="pref-price-guard"]').setValue('-5')
    expect(settings.get('[data-testid="pref-price-guard-error"]').text()).toBe('价格保护比例不能带正负号：请只输入数字')
    await settings.get('[data-testid="pref-price-guard"]').setValue('150')
    expect(settings.get('[data-testid="pref-price-guard-error"]').text()).toBe('价格保护比例须大于 0 且不超过 100%')
    settings.unmount()
    wrapper.unmount()
  })

  it('labels the contract settings and the TP/SL editor in Chinese', async () => {
    setLocale('zh-CN')
    const { wrapper } = await mountPanel(OrderPanel, { module: 'futures' })
    const bar = mount(FuturesSettings, { props: { symbol: 'E-BTC-USDT' }, attachTo: document.body })
    expect(bar.findAll('[data-testid="position-mode"] option').map((o) => o.text())).toEqual(['单向持仓', '双向持仓'])
    expect(bar.findAll('[data-testid="margin-mode"] option').map((o) => o.text())).toEqual(['全仓', '逐仓'])
    expect(bar.get('[data-testid="position-leverage-set"]').text()).toBe('设置')
    expect(bar.get('[data-testid="futures-settings-market"]').text()).toBe('BTC/USDT 永续')
    bar.unmount()
    setLocale('zh-TW')
    const row = { id: 'p', volume: '5', mark: '65000' } as never
    const editor = mount(TpSlEditor, { props: { position: row, leg: null, busy: false }, attachTo: document.body })
    expect(editor.text()).toContain('新增止盈止損')
    expect(editor.text()).toContain('止損')
    expect(editor.get('[data-testid="tpsl-sl-qty"]').attributes('placeholder')).toBe('全部 5')
    expect(editor.get('[data-testid="tpsl-submit"]').text()).toBe('新增')
    editor.unmount()
    wrapper.unmount()
  })
})
