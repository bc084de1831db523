// The desktop menu as a pure template in each language: Electron roles do the work, the labels are the catalog's
// (main.menu.*); macOS gets its app menu and window commands. Electron is mocked (it cannot run here).
import { describe, expect, it, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import { applyMenu, menuTemplate } from '../../../src-main/electron/app-menu'
import { LOCALES } from '@shared/i18n/locales'
import { menuCalls } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electron)

type Item = MenuItemConstructorOptions
const items = (m: Item): Item[] => (Array.isArray(m.submenu) ? m.submenu : [])
/** Each top menu as its label and its items' `role=label` (separators as '-'). */
const shape = (t: Item[]): [string, string[]][] =>
  t.map((m) => [String(m.label), items(m).map((i) => (i.type === 'separator' ? '-' : `${i.role}=${i.label}`))])

describe('the desktop menu', () => {
  const o = { platform: 'linux' as const, appName: 'CH Trader' }

  it('has Edit, View, Window and Help with translated labels, in each language', () => {
    expect(shape(menuTemplate('en', o))).toEqual([
      ['Edit', ['undo=Undo', 'redo=Redo', '-', 'cut=Cut', 'copy=Copy', 'paste=Paste', 'selectAll=Select All']],
      [
        'View',
        [
          'reload=Reload',
          '-',
          'resetZoom=Actual Size',
          'zoomIn=Zoom In',
          'zoomOut=Zoom Out',
          '-',
          'togglefullscreen=Toggle Full Screen'
        ]
      ],
      ['Window', ['minimize=Minimize', 'close=Close Window']],
      ['Help', ['about=About CH Trader']]
    ])
    expect(shape(menuTemplate('zh-CN', o))).toEqual([
      ['编辑', ['undo=撤销', 'redo=重做', '-', 'cut=剪切', 'copy=复制', 'paste=粘贴', 'selectAll=全选']],
      [
        '视图',
        ['reload=重新加载', '-', 'resetZoom=实际大小', 'zoomIn=放大', 'zoomOut=缩小', '-', 'togglefullscreen=切换全屏']
      ],
      ['窗口', ['minimize=最小化', 'close=关闭窗口']],
      ['帮助', ['about=关于 CH Trader']]
    ])
    expect(shape(menuTemplate('zh-TW', o))).toEqual([
      ['編輯', ['undo=還原', 'redo=重做', '-', 'cut=剪下', 'copy=複製', 'paste=貼上', 'selectAll=全選']],
      [
        '檢視',
        [
          'reload=重新載入',
          '-',
          'resetZoom=實際大小',
          'zoomIn=放大',
          'zoomOut=縮小',
          '-',
          'togglefullscreen=切換全螢幕'
        ]
      ],
      ['視窗', ['minimize=最小化', 'close=關閉視窗']],
      ['說明', ['about=關於 CH Trader']]
    ])
  })

  it('on macOS starts with the app menu and has the window commands of a Mac', () => {
    for (const locale of LOCALES) {
      const t = menuTemplate(locale, { platform: 'darwin', appName: 'CH Trader' })
      expect(t.map((m) => m.role ?? null)).toEqual([null, null, null, 'windowMenu', 'help'])
      expect(t[0]!.label).toBe('CH Trader')
      expect(items(t[0]!).map((i) => i.role ?? '-')).toEqual([
        'about',
        '-',
        'hide',
        'hideOthers',
        'unhide',
        '-',
        'quit'
      ])
      expect(items(t[3]!).map((i) => i.role ?? '-')).toEqual(['minimize', 'zoom', 'close', '-', 'front'])
    }
    const zh = menuTemplate('zh-TW', { platform: 'darwin', appName: 'CH Trader' })
    expect(items(zh[0]!).map((i) => i.label)).toEqual([
      '關於 CH Trader',
      undefined,
      '隱藏 CH Trader',
      '隱藏其他',
      '顯示全部',
      undefined,
      '結束 CH Trader'
    ])
  })

  it('labels every item (no key left untranslated) and sets the menu Electron builds from it', () => {
    for (const locale of LOCALES)
      for (const platform of ['darwin', 'win32', 'linux'] as const) {
        const labels = menuTemplate(locale, { platform, appName: 'CH Trader' }).flatMap((m) => [
          m.label,
          ...items(m)
            .filter((i) => i.type !== 'separator')
            .map((i) => i.label)
        ])
        expect(labels.every((l) => typeof l === 'string' && l !== '' && !l.startsWith('main.'))).toBe(true)
      }
    applyMenu('zh-CN', o)
    expect(menuCalls.set.at(-1)).toEqual({ template: menuTemplate('zh-CN', o) })
  })
})
