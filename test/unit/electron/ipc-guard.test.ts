// Sender validation with fake events: only the top frame of a window we attached, showing our page, reaches
// the contract; everything else is dropped and logged without its payload.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { command, stream } from '@shared/ipc/contract-kit'
import { createContractServer, type ContractHandlers } from '../../../src-main/contract/contract-server'
import { createAppUrl } from '../../../src-main/electron/app-url'
import { bindContractIpc } from '../../../src-main/electron/ipc-guard'
import { CONTRACT_CHANNEL } from '../../../src-main/electron/channel'
import { electron, FakeFrame, FakeWebContents } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electron)

const demo = {
  'demo.echo': command<{ text: string; connectionId: string }>()(z.object({ text: z.string() }), 'Echoes.'),
  'demo.onTick': stream<{ n: number }>()(z.object({}), 'Ticks.')
} as const

const APP = 'app://chtrader/index.html'
const SECRET = 'payload-that-must-not-be-logged'

function setup() {
  const received: string[] = []
  const disposed: string[] = []
  const handlers: ContractHandlers<typeof demo> = {
    'demo.echo': ({ text }, ctx) => {
      received.push(`${ctx.connectionId}:${text}`)
      return { text, connectionId: ctx.connectionId }
    },
    'demo.onTick': (_p, emit, ctx) => {
      emit({ n: 1 })
      return () => disposed.push(ctx.connectionId)
    }
  }
  const server = createContractServer(demo, handlers)
  const logs: string[] = []
  const appUrl = createAppUrl()
  const guard = bindContractIpc(server, { isAppUrl: appUrl.isAppUrl, log: (l) => logs.push(l) })
  return { guard, received, disposed, logs }
}

/** What Electron hands ipcMain listeners: the sender and the frame that sent. */
const send = (wc: FakeWebContents, frame: FakeFrame | null, message: unknown): void =>
  void electron.ipcMain.emit(CONTRACT_CHANNEL, { sender: wc, senderFrame: frame }, message)

const call = (text: string, id = 1) => ({ t: 'call', id, channel: 'demo.echo', payload: { text } })
const flush = () => new Promise((r) => setTimeout(r, 0))

describe('ipc guard', () => {
  beforeEach(() => electron.ipcMain.removeAllListeners())

  it('delivers a message from the top frame of our window and answers on the same channel', async () => {
    const { guard, received } = setup()
    const wc = new FakeWebContents(`${APP}#/market/spot/btcusdt`)
    guard.attach(wc as never)
    send(wc, wc.mainFrame, call('hi'))
    await flush()
    expect(received).toEqual([`window:${wc.id}:hi`])
    expect(wc.sent).toEqual([
      [CONTRACT_CHANNEL, { t: 'result', id: 1, ok: true, value: { text: 'hi', connectionId: `window:${wc.id}` } }]
    ])
  })

  it.each([
    ['a foreign origin', 'https://evil.example/index.html'],
    ['another local file', 'file:///tmp/evil.html'],
    ['the renderer opened as a file', 'file:///opt/cht/out/renderer/index.html'],
    ['another page of the app scheme', 'app://chtrader/other.html'],
    ['another host of the app scheme', 'app://evil/index.html'],
    ['a loopback web page', 'http://127.0.0.1:5173/']
  ])('drops a message from %s, logging no payload', async (_what, url) => {
    const { guard, received, logs } = setup()
    const wc = new FakeWebContents(url)
    guard.attach(wc as never)
    send(wc, wc.mainFrame, call(SECRET))
    await flush()
    expect(received).toEqual([])
    expect(wc.sent).toEqual([])
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatch(/foreign origin/)
    expect(logs.join()).not.toContain(SECRET)
  })

  it('drops a message from a subframe, even one showing our page', async () => {
    const { guard, received, logs } = setup()
    const wc = new FakeWebContents(APP)
    guard.attach(wc as never)
    send(wc, new FakeFrame(APP, wc.mainFrame, wc.mainFrame.processId), call(SECRET))
    // A parentless frame that is not the main frame (e.g. a stale frame object) is refused too.
    send(wc, new FakeFrame(APP, null, wc.mainFrame.processId), call(SECRET))
    await flush()
    expect(received).toEqual([])
    expect(logs).toEqual([expect.stringMatching(/subframe/), expect.stringMatching(/subframe/)])
    expect(logs.join()).not.toContain(SECRET)
  })

  it('drops a message from a webContents it was never given, and one whose frame is gone', async () => {
    const { guard, received, logs } = setup()
    const stranger = new FakeWebContents(APP)
    send(stranger, stranger.mainFrame, call(SECRET))
    const ours = new FakeWebContents(APP)
    guard.attach(ours as never)
    send(ours, null, call(SECRET))
    // A different object claiming an attached id is not that window.
    const impostor = Object.assign(new FakeWebContents(APP), { id: ours.id })
    send(impostor as FakeWebContents, impostor.mainFrame, call(SECRET))
    await flush()
    expect(received).toEqual([])
    expect(logs).toEqual([
      expect.stringMatching(/unknown webContents/),
      expect.stringMatching(/frame gone/),
      expect.stringMatching(/unknown webContents/)
    ])
  })

  it('gives each window its own connection, closed when the window is destroyed', async () => {
    const { guard, received, disposed, logs } = setup()
    const a = new FakeWebContents(APP)
    const b = new FakeWebContents(`${APP}#/monitor/default`)
    guard.attach(a as never)
    guard.attach(b as never)
    send(a, a.mainFrame, { t: 'sub', id: 1, channel: 'demo.onTick', params: {} })
    send(b, b.mainFrame, { t: 'sub', id: 1, channel: 'demo.onTick', params: {} })
    expect(a.sent).toEqual([[CONTRACT_CHANNEL, { t: 'event', id: 1, payload: { n: 1 } }]])
    a.destroy()
    expect(disposed).toEqual([`window:${a.id}`])
    send(a, a.mainFrame, call('late'))
    send(b, b.mainFrame, call('still here', 2))
    await flush()
    expect(received).toEqual([`window:${b.id}:still here`])
    expect(logs).toEqual([expect.stringMatching(/unknown webContents/)])
  })

  it('ends the old page’s streams when the window loads a new document', () => {
    const { guard, disposed } = setup()
    const wc = new FakeWebContents(APP)
    guard.attach(wc as never)
    send(wc, wc.mainFrame, { t: 'sub', id: 1, channel: 'demo.onTick', params: {} })
    wc.emit('did-navigate')
    expect(disposed).toEqual([`window:${wc.id}`])
    send(wc, wc.mainFrame, { t: 'sub', id: 1, channel: 'demo.onTick', params: {} }) // id 1 is free again
    expect(wc.sent.at(-1)).toEqual([CONTRACT_CHANNEL, { t: 'event', id: 1, payload: { n: 1 } }])
  })

  it('unbinds ipcMain and closes every connection on close', () => {
    const { guard, disposed } = setup()
    const wc = new FakeWebContents(APP)
    guard.attach(wc as never)
    send(wc, wc.mainFrame, { t: 'sub', id: 1, channel: 'demo.onTick', params: {} })
    expect(electron.ipcMain.listenerCount(CONTRACT_CHANNEL)).toBe(1)
    guard.close()
    expect(electron.ipcMain.listenerCount(CONTRACT_CHANNEL)).toBe(0)
    expect(disposed).toEqual([`window:${wc.id}`])
  })
})
