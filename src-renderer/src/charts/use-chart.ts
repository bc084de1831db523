// A chart component's ECharts instance: created on mount, sized with its box, recoloured when the frame switches
// theme (an attribute of <html>), disposed on unmount. Redraws go through the frame scheduler as paint jobs, so a
// chart draws at most once per frame and only while the frame has budget (lib/frame.ts).
import { onBeforeUnmount, onMounted, type Ref } from 'vue'
import { cancelPaint, requestPaint, type PaintJob } from '../lib/frame'
import { echarts, type EChartsType } from './echarts'
import { FALLBACK_THEME, onThemeChange, themeOf, type ChartTheme } from './theme'

export interface ChartHandle {
  /** Asks for a redraw in a coming frame. */
  invalidate(): void
  instance(): EChartsType | null
}

export function useChart(
  name: string,
  el: Ref<HTMLElement | null>,
  /** false: nothing drawn this frame (not counted; asking again, if needed, is the chart's business). */
  draw: (chart: EChartsType, theme: ChartTheme) => void | false,
  setup?: (chart: EChartsType) => void
): ChartHandle {
  let chart: EChartsType | null = null
  let theme: ChartTheme = FALLBACK_THEME
  const job: PaintJob = { name, run: () => (chart ? draw(chart, theme) : false) }
  let resize: ResizeObserver | undefined
  let stopTheme: (() => void) | undefined

  onMounted(() => {
    if (!el.value) return
    theme = themeOf(el.value)
    chart = echarts.init(el.value, null, { renderer: 'canvas' })
    setup?.(chart)
    // ECharts redraws itself on resize; the job runs too, for what the component draws beside it (live layer).
    resize = new ResizeObserver(() => {
      chart?.resize()
      requestPaint(job)
    })
    resize.observe(el.value)
    stopTheme = onThemeChange(() => {
      theme = themeOf(el.value)
      requestPaint(job)
    })
    requestPaint(job)
  })
  onBeforeUnmount(() => {
    cancelPaint(job)
    resize?.disconnect()
    stopTheme?.()
    chart?.dispose()
    chart = null
  })
  return { invalidate: () => requestPaint(job), instance: () => chart }
}
