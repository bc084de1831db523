// Which windows were open and where, kept in userData/windows.json (written atomically) so the next start
// restores them. Plain Node: no Electron, so it is tested directly.
import { readFile } from 'node:fs/promises'
import { writeFileAtomic } from '../vault/atomic-file'
import { isModule, type Module } from '@shared/module'

export interface Bounds {
  x: number
  y: number
  width: number
  height: number
}

export interface SavedWindow {
  /** The renderer route in the URL fragment: `/`, `/market/spot/btcusdt`, `/monitor/default`. */
  route: string
  bounds: Bounds
  maximized: boolean
}

export const MAIN_ROUTE = '/'
const NAME = /^[a-z0-9_-]{1,40}$/
const ROUTE = /^\/(?:market\/(?:spot|margin|futures)\/[a-z0-9_-]{1,40}|monitor\/[a-z0-9_-]{1,40})?$/

export function marketRoute(module: Module, symbol: string): string {
  const s = symbol.toLowerCase()
  if (!NAME.test(s) || !isModule(module)) throw new Error(`Invalid market window ${module}/${symbol}`)
  return `/market/${module}/${s}`
}

export function monitorRoute(layout: string): string {
  if (!NAME.test(layout)) throw new Error(`Invalid monitor layout ${layout}`)
  return `/monitor/${layout}`
}

export const isRoute = (route: unknown): route is string => typeof route === 'string' && ROUTE.test(route)

const isBounds = (b: unknown): b is Bounds => {
  const o = b as Record<string, unknown> | null
  return (
    !!o &&
    ['x', 'y', 'width', 'height'].every((k) => Number.isFinite(o[k])) &&
    (o['width'] as number) > 0 &&
    (o['height'] as number) > 0
  )
}

/** The saved windows; a missing, corrupt or foreign file restores nothing rather than failing the start. */
export async function loadWindowState(file: string): Promise<SavedWindow[]> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(file, 'utf8'))
  } catch {
    return []
  }
  const doc = data as { version?: unknown; windows?: unknown } | null
  if (!doc || doc.version !== 1 || !Array.isArray(doc.windows)) return []
  const seen = new Set<string>()
  return (doc.windows as Record<string, unknown>[]).flatMap((w) => {
    if (!w || !isRoute(w['route']) || !isBounds(w['bounds']) || seen.has(w['route'])) return []
    seen.add(w['route'])
    const { x, y, width, height } = w['bounds']
    return [{ route: w['route'], bounds: { x, y, width, height }, maximized: w['maximized'] === true }]
  })
}

export async function saveWindowState(file: string, windows: SavedWindow[]): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify({ version: 1, windows }, null, 2)}\n`)
}

/**
 * `bounds` when its title strip still lies on a display (displays change between runs: an unplugged monitor
 * must not strand a window off-screen), sized down to that display; otherwise undefined (default placement).
 */
export function visibleBounds(bounds: Bounds | undefined, workAreas: Bounds[]): Bounds | undefined {
  if (!bounds) return undefined
  const strip = { x: bounds.x, y: bounds.y, width: bounds.width, height: 32 }
  const area = workAreas.find((a) => overlap(strip, a) >= 64 * 16)
  if (!area) return undefined
  return { ...bounds, width: Math.min(bounds.width, area.width), height: Math.min(bounds.height, area.height) }
}

function overlap(a: Bounds, b: Bounds): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return w > 0 && h > 0 ? w * h : 0
}
