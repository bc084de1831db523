import type { Catalog } from '../catalog'
import type { settings as en } from '../en/settings'

export const settings: Catalog<typeof en> = {
  title: '设置',
  closeHint: '关闭 (Esc)',
  tabs: { profiles: '账户配置', appearance: '外观', trading: '交易', notifications: '通知', shortcuts: '快捷键' },
  appearance: {
    themeHint: '终端所有窗口的主题。',
    themes: { dark: '深色', light: '浅色' },
    language: '语言',
    languageHint: '作用于所有窗口；“跟随系统”在每次启动时读取系统或浏览器的语言。'
  },
  trading: {
    confirmOrders: '下单前确认',
    confirmOrdersHint: '发送订单或批量订单前显示摘要（方向、数量、价格、总额）并请求确认。'
  },
  notifications: {
    notifyFills: '订单成交时发送桌面通知',
    permission: {
      granted: '系统已允许',
      denied: '已被阻止：请在系统或浏览器设置中允许本应用的通知',
      default: '尚未询问：开启时会请求权限',
      unsupported: '此处不支持：成交将以窗口内提示显示'
    },
    test: '发送测试通知',
    testTitle: '订单已成交 · BTCUSDT',
    testBody: '以 65000.00 买入 0.01（测试通知）'
  },
  shortcuts: { toggle: '键盘快捷键', toggleHint: '在输入框中键入的按键始终留在输入框中。' }
}
