import type { Catalog } from '../catalog'
import type { a11y as en } from '../en/a11y'

export const a11y: Catalog<typeof en> = {
  bottomTabs: '委托、持仓与账户',
  orderShare: '占可用数量的比例',
  palette: {
    label: '涨跌颜色',
    hint: '买入与上涨、卖出与下跌：每处同时以箭头或文字标明。',
    options: {
      standard: '绿涨红跌',
      'blue-orange': '蓝涨橙跌（色盲友好）'
    }
  }
}
