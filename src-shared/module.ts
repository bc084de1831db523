// The three ways the terminal trades, one name each everywhere (the contract, main, the UI, main's stored files):
// `spot`, `margin` (spot symbols, on borrowed funds) and `futures` (contracts). Spot and margin trade through the
// spot gateway and share its market data; futures has its own (`Gateway`, ./api/types.ts). What the UI shows for a
// module is its name in the window's language (the catalogs' `common.modules`).
import type { Gateway } from './api/types'

export type Module = 'spot' | 'margin' | 'futures'
/** The modules that trade spot symbols through the spot gateway: spot and margin. */
export type SpotModule = Exclude<Module, 'futures'>

export const MODULES = ['spot', 'margin', 'futures'] as const satisfies readonly Module[]

export const isModule = (v: unknown): v is Module => v === 'spot' || v === 'margin' || v === 'futures'

/** The gateway a module trades through and takes its market data from: margin is spot's. */
export const gatewayOf = (m: Module): Gateway => (m === 'futures' ? 'futures' : 'spot')

/**
 * A module as an older build stored it (the renderer's tabs were `Spot`, `Margin`, `Futures`, kept so in main's
 * preferences and the page's storage): read, never written. Anything else is given back unchanged, for the caller's
 * own check to refuse.
 */
export function moduleFromStored(v: unknown): unknown {
  return v === 'Spot' || v === 'Margin' || v === 'Futures' ? v.toLowerCase() : v
}
