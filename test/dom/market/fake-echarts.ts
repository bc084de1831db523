// A stand-in for the chart's ECharts build in the dom tests (happy-dom draws no canvas): each chart made records
// its options, its handlers and whether it was disposed. A test file mocks the build with
//   vi.mock('../../../src-renderer/src/charts/echarts', () => import('./fake-echarts'))
// and reads `charts` (the same module instance). `chartHooks.onSetOption` runs on every option set (for a test
// that needs the chart to ask the axes' callbacks, as the real one does).
import { vi, type Mock } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'

export interface FakeChart {
  setOption: Mock<(o: unknown) => void>
  handlers: Map<string, (e: unknown) => void>
  disposed: boolean
}
export const charts = { made: [] as FakeChart[] }
export const chartHooks = { onSetOption: null as ((o: unknown) => void) | null }

export const echarts = {
  init: () => {
    const rec: FakeChart = {
      setOption: vi.fn((o: unknown) => chartHooks.onSetOption?.(o)),
      handlers: new Map(),
      disposed: false
    }
    charts.made.push(rec)
    return {
      setOption: rec.setOption,
      on: (name: string, f: (e: unknown) => void) => rec.handlers.set(name, f),
      resize: () => undefined,
      dispose: () => {
        rec.disposed = true
      },
      getWidth: () => 600,
      getHeight: () => 300,
      convertToPixel: () => 0
    }
  }
}

/** The last option the first chart made was given. */
export const lastOption = <T>(): T => charts.made[0]!.setOption.mock.calls.at(-1)![0] as T

/** A zig-zag of `n` one-minute bars, so every default indicator period has values. */
export const zigzagBars = (n: number): CandleView[] =>
  Array.from({ length: n }, (_, i) => {
    const c = String(100 + (i % 7) - (i % 3))
    return { id: 60 * (i + 1), open: '100', close: c, high: '108', low: '97', vol: String(1 + (i % 5)), amount: null }
  })
