// What the render bench asks of its page and what the page answers (plain data across page.evaluate).

export interface StreamScenario {
  name: string
  /** panels: full MarketPanels in a grid; monitor: the monitor window's tiles (MonitorView). */
  view: 'panels' | 'monitor'
  markets: number
  /** The first market's number (bench<N>usdt): a window of a multi-window scenario streams markets of its own. */
  firstMarket?: number
  /** Grid columns (by default 4 over 5 panels, 3 over 1, else 1). */
  cols?: number
  /** Return the latencies themselves (`samples`), so the driver can merge the windows of one scenario. */
  keepSamples?: boolean
  warmupMs: number
  measureMs: number
}

export interface Distribution {
  n: number
  p50: number
  p99: number
  max: number
}

export interface StreamResult {
  name: string
  markets: number
  durationMs: number
  frames: number
  fps: number
  /** Share of frame intervals over 16.7 ms, and over 20 ms (a missed vsync, allowing for timer jitter). */
  framesOver16_7: number
  framesOver20: number
  longTasks: { count: number; maxMs: number; totalMs: number }
  /** RowPool fills (the book's and tape's DOM mirror writes) between two frame starts. */
  fillsPerFrame: Distribution
  /**
   * Long animation frames (PerformanceObserver 'long-animation-frame', >= 50 ms): offsets of render and style/layout
   * start, and each script's invoker|function|char@start:duration.
   */
  loafs: string[]
  /**
   * Each long task with what the page did from 120 ms before it to its end: probe work (kind name ms @ end offset from
   * the task's start), RowPool fills, the last bar start, the heap change between the frames around it.
   */
  longTaskDetail: {
    startMs: number
    ms: number
    work: string[]
    fills: { n: number; ms: number }
    barStartAgoMs: number | null
    heapDeltaMB: number | null
  }[]
  /** Event sent -> the next frame after the frame that rendered it. */
  /**
   * `domToApply`: book, trades and ticker from send to the frame that applied them (the rest of `dom` is that frame and
   * its paint). `domRendered`: book, trades and ticker from send to the end of the main thread's rendering of the
   * frame that applied them (a lower bound of their tick-to-paint while the page keeps up, `dom` an upper one).
   */
  tickToPaint: Record<
    'book' | 'trades' | 'ticker' | 'candlesChart' | 'depthChart' | 'all' | 'dom' | 'domToApply' | 'domRendered',
    Distribution
  >
  /** Per second, per market. */
  eventsSent: number
  paintsPerSec: Record<string, number>
  /** Main-thread time in the scheduler per second: lanes (store updates) and chart paints. */
  laneMsPerSec: number
  paintMsPerSec: number
  chartPaintMs: Distribution
  /** The same by chart (candles, depth), with the main-thread ms per second each kind took. */
  chartPaintByKind: Record<string, Distribution & { msPerSec: number }>
  /** With `keepSamples`: every latency behind `tickToPaint` (ms), by stream. */
  samples?: Record<'book' | 'trades' | 'ticker' | 'candlesChart' | 'depthChart' | 'toApply' | 'toRendered', number[]>
}

export interface CandlesResult {
  count: number
  /** The 100k-candle event sent -> the frame after the chart drew it. */
  shownMs: number
  /** Of which: merging into the store (lane) and the chart's draw (paint job). */
  mergeMs: number
  drawMs: number
  /** The history turned into chart data outside the app, for reference. */
  buildMs: number
  live: {
    updates: number
    /** Store merge of one live bar (lane), the chart redraw (paint job), and event -> next frame. */
    mergeMs: Distribution
    drawMs: Distribution
    totalMs: Distribution
    toPaintMs: Distribution
  }
}

export interface BenchApi {
  stream(s: StreamScenario): Promise<StreamResult>
  candles(count: number, updates: number): Promise<CandlesResult>
}
