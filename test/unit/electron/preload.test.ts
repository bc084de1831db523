// The preload exposes exactly one frozen object, `terminal`, a ClientPort over the one IPC channel.
import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { CONTRACT_CHANNEL as MAIN_CHANNEL } from '../../../src-main/electron/channel'

const fake = vi.hoisted(() => ({
  exposeInMainWorld: vi.fn(),
  send: vi.fn(),
  listeners: new Map<string, (...args: unknown[]) => void>()
}))
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: fake.exposeInMainWorld },
  ipcRenderer: {
    send: fake.send,
    on: (channel: string, f: (...args: unknown[]) => void) => void fake.listeners.set(channel, f)
  }
}))

describe('preload', async () => {
  const preload = await import('../../../src-preload/index')

  it('exposes one frozen object with send and onMessage only', () => {
    expect(fake.exposeInMainWorld).toHaveBeenCalledOnce()
    const [name, api] = fake.exposeInMainWorld.mock.calls[0] as [string, Record<string, unknown>]
    expect(name).toBe('terminal')
    expect(Object.isFrozen(api)).toBe(true)
    expect(Reflect.ownKeys(api).sort()).toEqual(['onMessage', 'send'])
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true)
  })

  it('sends on the contract channel only, and hands the page the message, never the IPC event', () => {
    const api = fake.exposeInMainWorld.mock.calls[0]![1] as {
      send(m: unknown): void
      onMessage(h: (...a: unknown[]) => void): void
    }
    api.send({ t: 'call', id: 1, channel: 'x', payload: {} })
    expect(fake.send).toHaveBeenCalledWith(MAIN_CHANNEL, { t: 'call', id: 1, channel: 'x', payload: {} })
    const handler = vi.fn()
    api.onMessage(handler)
    const event = Object.assign(new EventEmitter(), { sender: 'ipcRenderer' })
    fake.listeners.get(MAIN_CHANNEL)!(event, { t: 'result', id: 1, ok: true, value: 2 })
    expect(handler).toHaveBeenCalledWith({ t: 'result', id: 1, ok: true, value: 2 })
    expect(handler.mock.calls[0]).toHaveLength(1)
    expect([...fake.listeners.keys()]).toEqual([MAIN_CHANNEL])
  })

  it('uses the same channel string as main', () => {
    expect(preload.CONTRACT_CHANNEL).toBe(MAIN_CHANNEL)
  })
})
