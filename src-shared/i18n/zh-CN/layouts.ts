import type { Catalog } from '../catalog'
import type { layouts as en } from '../en/layouts'

export const layouts: Catalog<typeof en> = {
  menuLabel: '工作区布局',
  defaultName: '默认',
  changed: '{name}（已更改）',
  saveAs: '布局另存为…',
  save: '保存',
  rename: '重命名…',
  renameTitle: '重命名布局“{name}”',
  remove: '删除“{name}”',
  removed: '已删除布局“{name}”',
  removeAsk: '删除布局“{name}”？',
  removeAskText: '它将从已保存的布局中移除，连同其图表的指标。此操作无法撤销。',
  removeYes: '删除',
  resetAsk: '重置为默认布局？',
  resetAskText: '当前显示的“{name}”的排列尚未保存，将会丢失。',
  resetYes: '重置',
  reset: '恢复默认布局',
  saved: '已保存布局“{name}”',
  addChart: '添加 {market} 图表',
  chartTitle: '图表 {market}',
  closeChart: '关闭图表 {market}',
  savedList: '已保存的布局',
  nameLabel: '布局名称',
  cancel: '取消',
  replace: '替换',
  replaceAsk: '已有名为“{name}”的布局。要替换吗？',
  unreadable: '无法按保存的布局排列（{reason}），已显示默认布局',
  indicatorsSaved: '已随布局“{name}”保存',
  problems: {
    unknownPanel: '此版本没有面板“{panel}”',
    storedAs: '面板“{panel}”被存为“{as}”',
    notItsPanel: '面板“{panel}”不是“{component}”面板',
    badParams: '面板“{panel}”的参数无法读取'
  },
  errors: {
    empty: '布局名称不能为空',
    tooLong: '布局名称最多 {max} 个字符（已输入 {length} 个）',
    edges: '布局名称不能以空格开头或结尾',
    control: '布局名称不能包含控制字符或不可见字符（如制表符、换行、零宽空格、文字方向标记）',
    tooMany: '最多可保存 {max} 个布局：请先删除一个',
    unknown: '没有名为“{name}”的已保存布局',
    charts: '一个布局最多 {max} 个图表'
  }
}
