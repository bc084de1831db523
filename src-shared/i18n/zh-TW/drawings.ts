// K 線圖畫線工具（src-renderer/src/panels/market/ChartDrawings.vue，charts/drawings/）。
import type { Catalog } from '../catalog'
import type { drawings as en } from '../en/drawings'

export const drawings: Catalog<typeof en> = {
  open: '畫線',
  openTitle: '畫線工具：線、圖形、斐波那契、測量和註解',
  editLabel: '選取的畫線',
  toolbar: '畫線工具',
  tools: {
    hline: '水平線',
    ray: '射線',
    trend: '趨勢線',
    rect: '矩形',
    fib: '斐波那契回撤',
    channel: '平行通道',
    measure: '價格/時間測量',
    text: '文字註解'
  },
  short: {
    hline: '─',
    ray: '↗',
    trend: '╱',
    rect: '▭',
    fib: 'F',
    channel: '⫽',
    measure: '⇕',
    text: 'T',
    magnet: '⊙'
  },
  magnet: '磁吸',
  magnetTitle: '磁吸：每個點吸附到指標所在 K 線最近的開盤、最高、最低或收盤價',
  lock: '鎖定',
  unlock: '解鎖',
  lockTitle: '鎖定的畫線不能移動或修改',
  delete: '刪除',
  deleteTitle: '刪除選取的畫線（Delete 鍵）',
  colour: '顏色',
  text: '註解文字',
  defaultText: '註解',
  placing: '{tool}：點擊第 {n} 個點，共 {of} 個（Esc 取消）',
  cancelled: '已取消畫線',
  added: '已畫{tool}',
  deleted: '已刪除{tool}',
  locked: '此畫線已鎖定：解鎖後才能移動',
  notSaved: '畫線未儲存',
  tooMany: '每個市場最多保存 {max} 個畫線：請先刪除一個',
  listLabel: '圖上的畫線',
  item: '{tool}，位於 {points}',
  itemLocked: '{tool}，位於 {points}（已鎖定）',
  select: '選取{item}',
  measure: '{change}（{pct}%），{bars} 根 K 線',
  shared: '畫線屬於市場而非帳戶：所有設定檔都能看到'
}
