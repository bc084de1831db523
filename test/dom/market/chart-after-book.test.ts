// The market panel's charts load after the first painted book: until then their place shows a placeholder that
// says what is coming, and their code is not even asked for; a market that never shows a book gets them anyway.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Component } from 'vue'

let kit: typeof import('../../../src-renderer/src/panels/market/chart-after-book')
let vtu: typeof import('@vue/test-utils')
let Chart: Component
let inPanel: (c: Component) => Component
const flushPromises = (): Promise<unknown> => vtu.flushPromises()

beforeEach(async () => {
  // The first book is once per page: a fresh module per test, and Vue with it (one copy for the test and the kit).
  vi.resetModules()
  const { h } = await import('vue')
  inPanel = (c) => ({ render: () => h('section', [h(c)]) })
  vtu = await import('@vue/test-utils')
  kit = await import('../../../src-renderer/src/panels/market/chart-after-book')
  Chart = { render: () => h('div', { 'data-testid': 'chart' }, 'the chart') }
})
afterEach(() => vi.useRealTimers())

describe('charts after the first book', () => {
  it('shows a placeholder and loads nothing until a book is painted, then the chart', async () => {
    vi.useFakeTimers() // frames and timers on the test's clock: the chart comes with the book, not the fallback
    const load = vi.fn(async () => Chart)
    const w = vtu.mount(inPanel(kit.chartAfterFirstBook(load, 'market.candles.loading')))
    await vi.advanceTimersByTimeAsync(kit.CHARTS_AT_LATEST_MS / 2)
    expect(w.get('[role=progressbar]').attributes('aria-label')).toBe('Loading candles…')
    expect(load).not.toHaveBeenCalled()

    kit.firstBookShown()
    expect(load).not.toHaveBeenCalled() // not before the book's frame is painted
    await vi.advanceTimersByTimeAsync(50) // that frame, and the task after it
    await flushPromises()
    expect(load).toHaveBeenCalledTimes(1)
    expect(w.find('[data-testid=chart]').exists()).toBe(true)
    expect(w.find('[role=progressbar]').exists()).toBe(false)
  })

  it('asks for one frame however many books come (each later book asks nothing)', () => {
    const raf = vi.spyOn(globalThis, 'requestAnimationFrame')
    try {
      kit.firstBookShown()
      kit.firstBookShown()
      kit.firstBookShown()
      expect(raf).toHaveBeenCalledTimes(1)
    } finally {
      raf.mockRestore()
    }
  })

  it('loads the chart at the latest CHARTS_AT_LATEST_MS after its placeholder shows, with no book', async () => {
    vi.useFakeTimers()
    const load = vi.fn(async () => Chart)
    const w = vtu.mount(inPanel(kit.chartAfterFirstBook(load, 'market.depth.loading')))
    await vi.advanceTimersByTimeAsync(kit.CHARTS_AT_LATEST_MS - 1)
    expect(load).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await flushPromises()
    expect(load).toHaveBeenCalledTimes(1)
    expect(w.find('[data-testid=chart]').exists()).toBe(true)
  })
})
