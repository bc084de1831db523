import type { Catalog } from '../catalog'
import type { a11y as en } from '../en/a11y'

export const a11y: Catalog<typeof en> = {
  book: {
    asks: '卖单：方向键选择档位，回车将其价格填入委托表单',
    bids: '买单：方向键选择档位，回车将其价格填入委托表单',
    level: '{side} {price}，数量 {size}，累计 {total}',
    ask: '卖',
    bid: '买',
    last: '最新成交价 {price}：回车填入委托表单'
  },
  tape: {
    label: '最新成交：方向键选择成交，回车将其价格填入委托表单',
    trade: '{side} {price}，数量 {size}，时间 {time}',
    buy: '买入',
    sell: '卖出'
  },
  picked: '已填入委托表单：{row}',
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
