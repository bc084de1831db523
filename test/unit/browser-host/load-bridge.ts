// The renderer bridge is browser code, type-checked with the DOM by tsconfig.web.json. These node-typed tests
// load it at run time (a computed specifier) so it is not pulled into the node program without the DOM lib;
// this interface is the slice of it they use.
import type { ClientPort } from '@shared/ipc/contract-client'

export interface BridgeModule {
  WS_PROTOCOL: string
  TOKEN_PREFIX: string
  SESSION_PREFIX: string
  SESSION_KEY: string
  extractToken(hash: string): { token: string | null; hash: string }
  terminalPort(): ClientPort
  createWebSocketPort(url?: string): ClientPort & { readonly status: string; reconnect(): void; close(): void }
}

const path = ['..', '..', '..', 'src-renderer', 'src', 'bridge', 'terminal-bridge'].join('/')
export const loadBridge = async (): Promise<BridgeModule> => (await import(/* @vite-ignore */ path)) as BridgeModule
