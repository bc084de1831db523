// The preload: one frozen object, `window.terminal`, a ClientPort over the app's single IPC channel. Nothing
// else crosses into the page: no ipcRenderer, no Node, no way to pick another channel. Main checks the sender
// of every message (src-main/electron/ipc-guard.ts) and the renderer builds its typed client over this port.
import { contextBridge, ipcRenderer } from 'electron'
import type { ClientPort } from '@shared/ipc/contract-client'
import type { ClientMessage, ServerMessage } from '@shared/ipc/contract-kit'

/** Same string as src-main/electron/channel.ts (a unit test pins the two). */
export const CONTRACT_CHANNEL = 'terminal:contract'

let handler: ((message: ServerMessage) => void) | null = null
// The IPC event is never handed to the page (it would expose the sender); only the message is.
ipcRenderer.on(CONTRACT_CHANNEL, (_event, message: ServerMessage) => handler?.(message))

const port: ClientPort = Object.freeze({
  send(message: ClientMessage): void {
    ipcRenderer.send(CONTRACT_CHANNEL, message)
  },
  onMessage(h: (message: ServerMessage) => void): void {
    handler = h
  }
})

contextBridge.exposeInMainWorld('terminal', port)
