// The window routes, carried in the URL fragment: `#/` (the workspace), `#/market/<module>/<symbol>` (one market
// popped out) and `#/monitor[/<layout>]` (the monitor grid). The same spelling as the Electron window manager
// (the Electron shell's window-state.ts): lowercase, so a futures contract travels as `e-btc-usdt`.
import { isModule, moduleFromStored, type Module } from '@shared/module'
import { extractToken } from '../bridge/terminal-bridge'

export type Route =
  { kind: 'main' } | { kind: 'market'; module: Module; symbol: string } | { kind: 'monitor'; layout: string }

const NAME = /^[a-z0-9_-]{1,40}$/

/** Reads a fragment (a one-time `token=` in it is ignored: the bridge takes it out). */
export function parseRoute(hash: string): Route {
  const path = extractToken(hash).hash.replace(/^#/, '').split('&')[0] ?? ''
  const parts = path.split('/').filter(Boolean)
  if (parts[0] === 'market' && parts.length === 3) {
    // An older build's capitalized module (`Spot`) still opens its market; routes are written lowercase.
    const module = moduleFromStored(parts[1])
    const name = decodeURIComponent(parts[2]!).toLowerCase()
    // Contract names are uppercase on the wire (E-BTC-USDT); spot symbols lowercase.
    if (isModule(module) && NAME.test(name))
      return { kind: 'market', module, symbol: module === 'futures' ? name.toUpperCase() : name }
  }
  if (parts[0] === 'monitor' && parts.length <= 2) {
    const layout = parts[1] ?? 'default'
    if (NAME.test(layout)) return { kind: 'monitor', layout }
  }
  return { kind: 'main' }
}

export function marketRoute(module: Module, symbol: string): string {
  return `/market/${module}/${symbol.toLowerCase()}`
}

export function monitorRoute(layout = 'default'): string {
  return `/monitor/${layout}`
}

export function routeOf(r: Route): string {
  return r.kind === 'market' ? marketRoute(r.module, r.symbol) : r.kind === 'monitor' ? monitorRoute(r.layout) : '/'
}
