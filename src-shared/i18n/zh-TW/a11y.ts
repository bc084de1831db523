import type { Catalog } from '../catalog'
import type { a11y as en } from '../en/a11y'

export const a11y: Catalog<typeof en> = {
  book: {
    asks: '賣單：方向鍵選擇檔位，Enter 將其價格填入委託表單',
    bids: '買單：方向鍵選擇檔位，Enter 將其價格填入委託表單',
    level: '{side} {price}，數量 {size}，累計 {total}',
    ask: '賣',
    bid: '買',
    last: '最新成交價 {price}：Enter 填入委託表單'
  },
  tape: {
    label: '最新成交：方向鍵選擇成交，Enter 將其價格填入委託表單',
    trade: '{side} {price}，數量 {size}，時間 {time}',
    buy: '買入',
    sell: '賣出'
  },
  picked: '已填入委託表單：{row}',
  orderShare: '占可用數量的比例',
  palette: {
    label: '漲跌顏色',
    hint: '買入與上漲、賣出與下跌：每處同時以箭頭或文字標明。',
    options: {
      standard: '綠漲紅跌',
      'blue-orange': '藍漲橙跌（色盲友善）'
    }
  }
}
