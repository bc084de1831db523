import type { Catalog } from '../catalog'
import type { a11y as en } from '../en/a11y'

export const a11y: Catalog<typeof en> = {
  bottomTabs: '委託、持倉與帳戶',
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
