import type { Catalog } from '../catalog'
import type { ladder as en } from '../en/ladder'

export const ladder: Catalog<typeof en> = {
  title: '價格階梯',
  views: '盤口或價格階梯',
  order: '階梯下單',
  group: '每列價格步長',
  groupOption: '每列 {step}（{n} 跳）',
  groupOptionOne: '每列 {step}（1 跳）',
  groupDefault: '依盤口自動選擇：能顯示買賣兩側最優價及其後兩檔的最細分組。選擇一項即為此市場保留',
  groupPicked: '你為此市場選擇的分組，視窗開啟期間保留',
  beyond: '未知：行情每側只推送前 {n} 檔，此價位在其之外（訂單簿可能還有掛單）',
  recentre: '置中',
  recentreTitle: '將階梯置中到市場價格（按鍵 C）',
  auto: '自動置中',
  autoTitle: '保持階梯以市場價格置中（指標在階梯上時保持不動）',
  size: '數量（{unit}）',
  sizeTitle: '在此市場點擊下單的數量（按市場儲存，與一鍵交易共用）',
  sizeUnsaved: '數量框中不是已儲存的數量（{size}）：請先改正或按Enter儲存。',
  sizeSaved: '{market} 的階梯數量：{size} {unit}',
  sizeSavedNote: '已儲存',
  noSize: '{market} 沒有數量：請先在階梯的數量框中輸入。',
  cols: {
    buys: '我的',
    bid: '買盤',
    price: '價格',
    ask: '賣盤',
    sells: '我的'
  },
  colTitles: { buys: '我在各價位的買單', sells: '我在各價位的賣單' },
  own: {
    buy: '買',
    sell: '賣',
    cancelling: '撤銷中',
    arriving: '移至此處…',
    arrivingTitle: '您的訂單正移至此價位：在交易所撤銷舊單並掛出新單之前顯示於此',
    words: '{count} 個自己的{side}單，未成交 {remaining}',
    buySide: '買',
    sellSide: '賣'
  },
  lastWords: '最新成交 {price}',
  cell: {
    bid: '點擊或Enter：以 {price} 限價買入 {size} {unit}（未啟用一鍵交易時先確認）',
    ask: '點擊或Enter：以 {price} 限價賣出 {size} {unit}（未啟用一鍵交易時先確認）',
    own: '點擊或Enter：撤銷 {price} 的 {n} 個訂單；拖到其他價位以移動',
    noSize: '請先在上方輸入數量再在此下單'
  },
  stale: '盤口{state}：恢復即時前拒絕點擊下單。',
  sending: '此價位的訂單正在傳送：下一次點擊須等待其回應',
  staleRefused: '盤口不是即時的（{state}）：未發送任何訂單。',
  loading: '等待盤口…',
  empty: '此市場尚無價格。',
  notHere: '請在主視窗的價格階梯中交易（此視窗僅顯示盤口）。',
  notHerePanel: '請在本視窗主市場的價格階梯中交易（此面板僅顯示盤口）。',
  cancelled: '已撤銷 {price} 的 {n} 個訂單',
  cancelFailed: '從階梯撤單失敗',
  moveOne: '一次只能移動一個訂單：{price} 有 {n} 個訂單。請在訂單中撤銷或移動。',
  dragging: '移動到 {price}：鬆開以移動，Esc 停止',
  dragStopped: '已停止移動：未發送任何請求。',
  keys: '方向鍵：價位和欄；Enter：下單或撤單；C：置中；Page Up/Down：捲動'
}
