// The only place ipcMain is bound. A message reaches the contract only when it comes from the top frame of
// one of our windows showing our page; anything else (a foreign origin, a subframe, a webContents we did not
// attach, a frame already gone) is dropped and logged without its payload. One contract connection per
// webContents: each window has its own subscriptions, disposed when its page reloads or it is destroyed.
import { ipcMain, type IpcMainEvent, type WebContents } from 'electron'
import type { ContractConnection, createContractServer } from '../contract/contract-server'
import { CONTRACT_CHANNEL } from './channel'
import { originOf } from './security'

export type ContractEndpoint = Pick<ReturnType<typeof createContractServer>, 'connect'>

export interface IpcGuardOptions {
  isAppUrl(url: string): boolean
  log?: (line: string) => void
}

export interface IpcGuard {
  /** Admits `wc` (a window we created) to the contract. */
  attach(wc: WebContents): void
  close(): void
}

export function bindContractIpc(server: ContractEndpoint, opts: IpcGuardOptions): IpcGuard {
  const log = opts.log ?? (() => undefined)
  const attached = new Map<number, { wc: WebContents; conn: ContractConnection }>()

  const connect = (wc: WebContents): ContractConnection =>
    server.connect(
      (m) => {
        if (!wc.isDestroyed()) wc.send(CONTRACT_CHANNEL, m)
      },
      { connectionId: `window:${wc.id}` }
    )

  /** Why `event` is refused, or null when it comes from our page in our window's top frame. */
  function refusal(event: IpcMainEvent): string | null {
    const entry = attached.get(event.sender.id)
    if (!entry || entry.wc !== event.sender) return 'unknown webContents'
    const frame = event.senderFrame
    if (!frame) return 'frame gone'
    const top = event.sender.mainFrame
    if (frame.parent !== null || frame.processId !== top.processId || frame.routingId !== top.routingId)
      return 'subframe'
    if (!opts.isAppUrl(frame.url)) return `foreign origin ${originOf(frame.url)}`
    return null
  }

  const listener = (event: IpcMainEvent, raw: unknown): void => {
    const why = refusal(event)
    if (why) return log(`ipc: dropped a message from webContents ${event.sender.id} (${why})`)
    attached.get(event.sender.id)!.conn.receive(raw)
  }
  ipcMain.on(CONTRACT_CHANNEL, listener)

  return {
    attach(wc: WebContents): void {
      if (attached.has(wc.id)) return
      const entry = { wc, conn: connect(wc) }
      attached.set(wc.id, entry)
      // A new document (reload, crash recovery) starts a new client: the old one's streams must end.
      wc.on('did-navigate', () => {
        entry.conn.close()
        entry.conn = connect(wc)
      })
      wc.once('destroyed', () => {
        entry.conn.close()
        attached.delete(wc.id)
      })
    },
    close(): void {
      ipcMain.removeListener(CONTRACT_CHANNEL, listener)
      for (const { conn } of attached.values()) conn.close()
      attached.clear()
    }
  }
}
