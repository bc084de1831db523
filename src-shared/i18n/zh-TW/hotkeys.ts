import type { Catalog } from '../catalog'
import type { hotkeys as en } from '../en/hotkeys'

export const hotkeys: Catalog<typeof en> = {
  actions: {
    search: '搜尋市場',
    module1: '現貨標籤',
    module2: '槓桿標籤',
    module3: '合約標籤',
    popOut: '將目前市場彈出到獨立視窗',
    monitor: '開啟行情監控視窗',
    theme: '切換深色/淺色主題',
    settings: '設定',
    buyBid: '以最佳買價買入（限價）',
    sellAsk: '以最佳賣價賣出（限價）',
    buyMarket: '市價買入',
    sellMarket: '市價賣出',
    cancelAll: '撤銷本市場全部訂單',
    closePosition: '市價平倉',
    reversePosition: '反手',
    flatten: '全部平倉（平掉所有持倉）'
  },
  contracts: '張',
  oneClick: '一鍵交易',
  refused: '{action}：未送出任何訂單',
  notArmed: '交易熱鍵未啟用。請用頂欄的開關啟用。',
  noSize: '{market} 沒有預設數量。請在 設定 › 快捷鍵 中設定。',
  noBest: '{market} 還沒有最佳價格：委託簿尚未到達。',
  noPositionsSpot: '現貨和槓桿持有的是餘額而非持倉：{market} 沒有可平的倉位。',
  noPosition: '{market} 沒有持倉。',
  noPositions: '沒有持倉。',
  twoSides: '{market} 同時持有多倉和空倉：請在持倉表中反手其中之一。',
  otherMarket: '此委託簿不是目前選取的市場：請先選取它的市場。',
  inFlight: '上一筆訂單（{side}，{price}）仍在傳送中：收到回應前不會再傳送。',
  asked: '一筆訂單（{side}，{price}）正在等待確認：請先回答。',
  buy: '買入',
  sell: '賣出',
  atMarket: '市價',
  cancelled: '已在 {market} 送出撤單請求：{n}',
  ask: {
    cancelAll: '撤銷 {market} 的全部掛單？',
    closePosition: '以市價平掉 {market} 持倉（{volume} 張）？',
    reversePosition: '反手 {market} 持倉（{volume} 張）：先平倉，再開反向倉位？',
    flatten: '以市價平掉全部 {n} 個持倉？ | 以市價平掉全部 {n} 個持倉？',
    flattenAlgos:
      '這些合約上仍有 {n} 個演算法在執行，可能再次開倉。 | 這些合約上仍有 {n} 個演算法在執行，可能再次開倉。',
    flattenCloseAlgos:
      '這些合約上仍有 {n} 個僅平倉演算法在執行：它不會開倉，平倉後也沒有可平的倉位。 | 這些合約上仍有 {n} 個僅平倉演算法在執行：它們不會開倉，平倉後也沒有可平的倉位。'
  },
  askHint: '可在 設定 › 快捷鍵 中按操作關閉此確認。',
  yes: '確認',
  no: '取消',
  top: {
    armed: '已啟用：熱鍵可交易',
    disarmed: '交易熱鍵已關閉',
    armTitle: '啟用交易熱鍵和委託簿一鍵交易',
    disarmTitle: '關閉：交易熱鍵和委託簿點擊不會下單'
  },
  book: {
    armedBid: '一鍵交易已啟用：點擊買盤價位以該價格下買入限價單，數量 {size} {unit}',
    armedAsk: '一鍵交易已啟用：點擊賣盤價位以該價格下賣出限價單，數量 {size} {unit}',
    noSize: '（未預設：請在設定中設定）',
    disarmed: '點擊價位將其價格填入下單表單'
  },
  settings: {
    armHint: '交易熱鍵和委託簿一鍵交易僅在頂欄啟用後生效（每次啟動時關閉）。訂單經由下單表單：同樣的規則、保護和確認。',
    groups: { frame: '框架', trading: '交易（僅在啟用時）', fixed: '固定按鍵' },
    pressKeys: '請按下新的按鍵…（Esc：取消）',
    none: '無',
    change: '更改',
    clear: '清除',
    reset: '重置',
    resetAll: '全部恢復預設',
    askFirst: '先確認',
    conflict: '{keys} 已是「{other}」的按鍵。在您選擇之前不做任何更改。',
    take: '分配給「{action}」（另一個操作將沒有按鍵）',
    keep: '保持兩者不變',
    sizes: '預設數量',
    sizesHint: '交易熱鍵或委託簿點擊在每個市場送出的數量：基礎幣數量，合約為張數。',
    sizeFor: '{market}（{unit}）',
    saveSize: '儲存',
    removeSize: '移除',
    sizePositive: '數量必須大於 0。'
  }
}
