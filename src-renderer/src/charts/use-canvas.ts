// A plain canvas chart (no ECharts): the canvas sized to its box at the device's pixel ratio, the frame's palette
// read on mount and on a theme switch, and redraws as paint jobs of the frame scheduler (lib/frame.ts), so it draws
// at most once per frame however often it is invalidated.
import { onBeforeUnmount, onMounted, type Ref } from 'vue'
import { cancelPaint, requestPaint, type PaintJob } from '../lib/frame'
import { FALLBACK_THEME, onThemeChange, themeOf, type ChartTheme } from './theme'

export interface CanvasHandle {
  invalidate(): void
}

/**
 * `draw` gets a context scaled to CSS px, the box's CSS size, the palette, and `fresh`: the canvas was cleared (sized)
 * or the palette changed since the last draw, so it must draw even if its data did not change. It returns false when
 * it drew nothing.
 */
export function useCanvas(
  name: string,
  canvas: Ref<HTMLCanvasElement | null>,
  draw: (
    ctx: CanvasRenderingContext2D,
    width: number,
    height: number,
    theme: ChartTheme,
    fresh: boolean
  ) => void | false
): CanvasHandle {
  let ctx: CanvasRenderingContext2D | null = null
  let theme: ChartTheme = FALLBACK_THEME
  let size = { w: 0, h: 0, dpr: 1 }
  let fresh = true
  const job: PaintJob = {
    name,
    run: () => {
      if (!ctx || !size.w || !size.h) return false
      ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0)
      const drew = draw(ctx, size.w, size.h, theme, fresh)
      if (drew !== false) fresh = false
      return drew
    }
  }
  let resize: ResizeObserver | undefined
  let stopTheme: (() => void) | undefined

  onMounted(() => {
    const el = canvas.value
    ctx = el?.getContext('2d') ?? null
    if (!el || !ctx) return
    theme = themeOf(el)
    resize = new ResizeObserver(([e]) => {
      const dpr = globalThis.devicePixelRatio || 1
      size = { w: e?.contentRect.width ?? 0, h: e?.contentRect.height ?? 0, dpr }
      el.width = Math.round(size.w * dpr)
      el.height = Math.round(size.h * dpr)
      fresh = true
      requestPaint(job)
    })
    resize.observe(el)
    stopTheme = onThemeChange(() => {
      theme = themeOf(el)
      fresh = true
      requestPaint(job)
    })
  })
  onBeforeUnmount(() => {
    cancelPaint(job)
    resize?.disconnect()
    stopTheme?.()
    ctx = null
  })
  return { invalidate: () => requestPaint(job) }
}
