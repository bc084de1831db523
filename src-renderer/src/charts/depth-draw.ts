// Draws a depth geometry (charts/depth.ts) on a 2D canvas: grid and labels, each side's step line over a light area,
// and the crosshair with its exact readout. Well under a millisecond, so the chart follows every book frame.
import type { DepthGeometry, DepthReadout } from './depth'
import type { ChartTheme } from './theme'

export interface Crosshair {
  x: number
  y: number
  readout: DepthReadout | null
  /** The sides' names in the window's language, for the readout. */
  sides: { bid: string; ask: string }
}

function side(ctx: CanvasRenderingContext2D, pts: number[], bottom: number, color: string): void {
  if (pts.length < 4) return
  ctx.beginPath()
  ctx.moveTo(pts[0]!, pts[1]!)
  for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i]!, pts[i + 1]!)
  ctx.strokeStyle = color
  ctx.lineWidth = 1.5
  ctx.stroke()
  ctx.lineTo(pts[pts.length - 2]!, bottom)
  ctx.closePath()
  ctx.globalAlpha = 0.18
  ctx.fillStyle = color
  ctx.fill()
  ctx.globalAlpha = 1
}

/** `ctx` is scaled to CSS px by the caller (devicePixelRatio). */
export function drawDepth(
  ctx: CanvasRenderingContext2D,
  g: DepthGeometry,
  t: ChartTheme,
  cross: Crosshair | null
): void {
  const { plot } = g
  ctx.clearRect(0, 0, g.width, g.height)
  ctx.font = `10px ${t.font}`
  ctx.lineWidth = 1
  // Size grid lines and labels on the right.
  ctx.strokeStyle = t.border
  ctx.fillStyle = t.muted
  ctx.textBaseline = 'middle'
  ctx.textAlign = 'left'
  ctx.beginPath()
  for (const k of g.yTicks) {
    const y = Math.round(k.at) + 0.5
    ctx.moveTo(plot.left, y)
    ctx.lineTo(plot.right, y)
    ctx.fillText(k.label, plot.right + 6, y)
  }
  ctx.globalAlpha = 0.6
  ctx.stroke()
  ctx.globalAlpha = 1
  // Price axis and labels below.
  ctx.beginPath()
  ctx.moveTo(plot.left, Math.round(plot.bottom) + 0.5)
  ctx.lineTo(plot.right, Math.round(plot.bottom) + 0.5)
  ctx.stroke()
  ctx.textAlign = 'center'
  ctx.textBaseline = 'top'
  for (const k of g.xTicks) ctx.fillText(k.label, k.at, plot.bottom + 5)
  side(ctx, g.bids, plot.bottom, t.up)
  side(ctx, g.asks, plot.bottom, t.down)
  if (cross) crosshair(ctx, g, t, cross)
}

function crosshair(ctx: CanvasRenderingContext2D, g: DepthGeometry, t: ChartTheme, c: Crosshair): void {
  const { plot } = g
  if (c.x < plot.left || c.x > plot.right || c.y < plot.top || c.y > plot.bottom) return
  ctx.save()
  ctx.strokeStyle = t.muted
  ctx.setLineDash([4, 3])
  ctx.beginPath()
  ctx.moveTo(Math.round(c.x) + 0.5, plot.top)
  ctx.lineTo(Math.round(c.x) + 0.5, plot.bottom)
  ctx.moveTo(plot.left, Math.round(c.y) + 0.5)
  ctx.lineTo(plot.right, Math.round(c.y) + 0.5)
  ctx.stroke()
  ctx.restore()
  if (!c.readout) return
  const text = `${c.sides[c.readout.side]} ${c.readout.price}  Σ ${c.readout.total}`
  ctx.font = `11px ${t.font}`
  const w = ctx.measureText(text).width + 12
  const x = Math.min(Math.max(plot.left, c.x + 10), plot.right - w)
  const y = Math.max(plot.top, c.y - 26)
  ctx.fillStyle = t.bg
  ctx.strokeStyle = t.border
  ctx.fillRect(x, y, w, 20)
  ctx.strokeRect(x + 0.5, y + 0.5, w - 1, 19)
  ctx.fillStyle = t.fg
  ctx.textAlign = 'left'
  ctx.textBaseline = 'middle'
  ctx.fillText(text, x + 6, y + 10)
}
