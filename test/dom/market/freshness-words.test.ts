// What the stale badge says, in the window's language: the label and the story behind it are worked out in the
// language of the moment, so a switch shows at once ("stale 12 s" / "已停滞 12 秒").
import { afterEach, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import type { StatusView } from '@shared/ipc/views/status'
import StaleBadge from '../../../src-renderer/src/components/StaleBadge.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { accountFreshness, marketFreshness } from '../../../src-renderer/src/stores/freshness'
import { PAPER, status } from '../frame/fixtures'

const NOW = 1_700_000_100_000
const silent: StatusView = status({
  at: NOW - 300,
  feeds: [
    {
      module: 'spot',
      state: 'reconnecting',
      lastFrameAt: NOW - 12_400,
      lastError: 'stale: no frame for 30012 ms',
      reconnects: 1,
      channels: 2
    },
    { module: 'futures', state: 'closed', lastFrameAt: NOW - 3000, lastError: null, reconnects: 0, channels: 1 }
  ]
})

afterEach(() => setLocale('en'))

describe('freshness in words', () => {
  it('tells a stale or lost feed in English, Simplified and Traditional Chinese', () => {
    expect(marketFreshness('connected', silent, PAPER.id, 'spot', NOW)).toMatchObject({
      label: 'stale 12 s',
      detail: 'the spot market feed went silent past its deadline (stale: no frame for 30012 ms); reconnecting'
    })
    expect(marketFreshness('connected', silent, PAPER.id, 'futures', NOW)).toMatchObject({
      label: 'disconnected',
      detail: 'the futures market feed is closed'
    })
    setLocale('zh-CN')
    expect(marketFreshness('connected', silent, PAPER.id, 'spot', NOW)).toMatchObject({
      label: '已停滞 12 秒',
      detail: '现货行情推送超时未推送数据（stale: no frame for 30012 ms）；正在重连'
    })
    expect(marketFreshness('connected', silent, PAPER.id, 'futures', NOW)).toMatchObject({
      label: '已断开',
      detail: '合约行情推送已关闭'
    })
    expect(marketFreshness('offline', silent, PAPER.id, 'spot', NOW).detail).toBe('与终端的连接已断开')
    setLocale('zh-TW')
    expect(marketFreshness('connected', silent, PAPER.id, 'spot', NOW).label).toBe('已停滯 12 秒')
  })

  it('names the parts of the account poll that fail', () => {
    const refused = status({ at: NOW - 300, rest: { ...silent.rest, lastOkAt: NOW - 8000, lastError: null } })
    const parts = ['balances', 'openOrders:spot:btcusdt']
    expect(accountFreshness('connected', refused, PAPER.id, parts, NOW).detail).toBe(
      'polling balances, open orders of BTCUSDT fails'
    )
    setLocale('zh-CN')
    expect(accountFreshness('connected', refused, PAPER.id, parts, NOW)).toMatchObject({
      label: '已停滞 8 秒',
      detail: '轮询余额、BTCUSDT 的当前委托失败'
    })
  })

  it('shows the badge with its reason on hover, in the window’s language', async () => {
    const w = mount(StaleBadge, { props: { freshness: marketFreshness('connected', silent, PAPER.id, 'spot', NOW) } })
    expect(w.text()).toBe('stale 12 s')
    setLocale('zh-CN')
    await w.setProps({ freshness: marketFreshness('connected', silent, PAPER.id, 'spot', NOW) })
    expect(w.text()).toBe('已停滞 12 秒')
    expect(w.attributes('title')).toContain('现货行情推送')
  })
})
