import type { Catalog } from '../catalog'
import type { settings as en } from '../en/settings'

export const settings: Catalog<typeof en> = {
  title: '設定',
  closeHint: '關閉 (Esc)',
  tabs: { profiles: '帳戶設定檔', appearance: '外觀', trading: '交易', notifications: '通知', shortcuts: '快捷鍵' },
  appearance: {
    themeHint: '終端所有視窗的主題。',
    themes: { dark: '深色', light: '淺色' },
    language: '語言',
    languageHint: '套用於所有視窗；「跟隨系統」在每次啟動時讀取系統或瀏覽器的語言。'
  },
  trading: {
    confirmOrders: '下單前確認',
    confirmOrdersHint: '送出訂單或批次訂單前顯示摘要（方向、數量、價格、總額）並請求確認。'
  },
  notifications: {
    notifyFills: '訂單成交時發送桌面通知',
    permission: {
      granted: '系統已允許',
      denied: '已被封鎖：請在系統或瀏覽器設定中允許本應用程式的通知',
      default: '尚未詢問：開啟時會請求權限',
      unsupported: '此處不支援：成交將以視窗內提示顯示'
    },
    test: '發送測試通知',
    testTitle: '訂單已成交 · BTCUSDT',
    testBody: '以 65000.00 買入 0.01（測試通知）'
  },
  shortcuts: { toggle: '鍵盤快捷鍵', toggleHint: '在輸入框中鍵入的按鍵始終留在輸入框中。' }
}
