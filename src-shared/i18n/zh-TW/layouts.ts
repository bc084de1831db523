import type { Catalog } from '../catalog'
import type { layouts as en } from '../en/layouts'

export const layouts: Catalog<typeof en> = {
  menuLabel: '工作區版面',
  defaultName: '預設',
  changed: '{name}（已變更）',
  saveAs: '版面另存為…',
  save: '儲存',
  rename: '重新命名…',
  renameTitle: '重新命名版面「{name}」',
  remove: '刪除「{name}」',
  removed: '已刪除版面「{name}」',
  removeAsk: '刪除版面「{name}」？',
  removeAskText: '它將從已儲存的版面中移除，連同其圖表的指標。此操作無法復原。',
  removeYes: '刪除',
  resetAsk: '重設為預設版面？',
  resetAskText: '目前顯示的「{name}」的排列尚未儲存，將會遺失。',
  resetYes: '重設',
  reset: '還原預設版面',
  saved: '已儲存版面「{name}」',
  addChart: '新增 {market} 圖表',
  chartTitle: '圖表 {market}',
  closeChart: '關閉圖表 {market}',
  savedList: '已儲存的版面',
  nameLabel: '版面名稱',
  cancel: '取消',
  replace: '取代',
  replaceAsk: '已有名為「{name}」的版面。要取代嗎？',
  unreadable: '無法依儲存的版面排列（{reason}），已顯示預設版面',
  indicatorsSaved: '已隨版面「{name}」儲存',
  problems: {
    unknownPanel: '此版本沒有面板「{panel}」',
    storedAs: '面板「{panel}」被存為「{as}」',
    notItsPanel: '面板「{panel}」不是「{component}」面板',
    badParams: '面板「{panel}」的參數無法讀取'
  },
  errors: {
    empty: '版面名稱不能為空',
    tooLong: '版面名稱最多 {max} 個字元（已輸入 {length} 個）',
    edges: '版面名稱不能以空格開頭或結尾',
    control: '版面名稱不能包含控制字元或不可見字元（如定位字元、換行、零寬空格、文字方向標記）',
    tooMany: '最多可儲存 {max} 個版面：請先刪除一個',
    unknown: '沒有名為「{name}」的已儲存版面',
    charts: '一個版面最多 {max} 個圖表'
  }
}
