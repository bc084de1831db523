// The Electron wiring of updates with Electron mocked: the restart question is a real dialog over our window
// ("Restart now" only on an explicit choice), in the user's language, and a development run checks nothing.
import { describe, expect, it, vi } from 'vitest'
import { askToRestart, startUpdates } from '../../../src-main/electron/updates'
import { dialogCalls, FakeBrowserWindow } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electron)

describe('updates (Electron wiring)', () => {
  it('asks with a dialog over the app window; restart only on "Restart now", Escape or "Later" keeps running', async () => {
    FakeBrowserWindow.created = []
    const win = new FakeBrowserWindow({})
    dialogCalls.answers.push(0, 1)
    expect(await askToRestart('0.2.0')).toBe(true)
    expect(await askToRestart('0.2.0')).toBe(false)
    const [first] = dialogCalls.shown
    expect(first?.parent).toBe(win)
    expect(first?.options).toMatchObject({ buttons: ['Restart now', 'Later'], defaultId: 0, cancelId: 1 })
    expect(String(first?.options['message'])).toContain('0.2.0')
  })

  it("asks in the user's language", async () => {
    dialogCalls.shown.length = 0
    dialogCalls.answers.push(1, 1)
    await askToRestart('0.3.0', 'zh-CN')
    await askToRestart('0.3.0', 'zh-TW')
    expect(dialogCalls.shown.map((d) => [d.options['title'], d.options['message'], d.options['buttons']])).toEqual([
      ['更新已就绪', 'CH Trader 0.3.0 已可安装。', ['立即重启', '稍后']],
      ['更新已就緒', 'CH Trader 0.3.0 已可安裝。', ['立即重新啟動', '稍後']]
    ])
    expect(String(dialogCalls.shown[0]?.options['detail'])).toContain('“稍后”')
  })

  it('does not start in a development (unpackaged) run', async () => {
    const log = vi.fn()
    expect(await startUpdates({ actionsInFlight: () => 0, log })).toBeNull()
  })
})
