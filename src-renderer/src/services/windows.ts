// Opening a pop-out or the monitor: the desktop app opens a real window through the contract; in a browser
// the contract answers `opened: false` and the page opens its own tab with a fresh one-time token.
import { openTerminalWindow } from '../bridge/terminal-bridge'
import { terminal } from './terminal'

export type WindowModule = 'spot' | 'margin' | 'futures'

/** The route of a market pop-out; symbols go lowercase (futures contracts are matched case-insensitively). */
export function marketRoute(module: WindowModule, symbol: string): string {
  return `/market/${module}/${symbol.toLowerCase()}`
}

export async function openMarketWindow(module: WindowModule, symbol: string): Promise<void> {
  const { opened } = await terminal().invoke('windows.open', { kind: 'market', module, symbol })
  if (!opened) await openTerminalWindow(marketRoute(module, symbol))
}

export async function openMonitorWindow(layout = 'default'): Promise<void> {
  const { opened } = await terminal().invoke('windows.open', { kind: 'monitor', layout })
  if (!opened) await openTerminalWindow(`/monitor/${layout}`)
}
