// The canvases repaint when the frame's colours change: the theme, and the colour-blind-safe palette too (else the
// book, tape and charts stay red and green after blue and orange is chosen).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { onThemeChange } from '../../../src-renderer/src/charts/theme'

const root = document.documentElement
afterEach(() => {
  delete root.dataset['palette']
  delete root.dataset['theme']
})
const mutations = () => Promise.resolve() // a MutationObserver's callback is a microtask queued by the change

describe('onThemeChange', () => {
  it('fires on a theme or palette change, and no more once stopped', async () => {
    const changed = vi.fn()
    const stop = onThemeChange(changed)
    root.dataset['palette'] = 'blue-orange'
    await mutations()
    expect(changed).toHaveBeenCalledTimes(1)
    root.dataset['theme'] = 'light'
    await mutations()
    expect(changed).toHaveBeenCalledTimes(2)
    stop()
    root.dataset['palette'] = 'standard'
    await mutations()
    expect(changed).toHaveBeenCalledTimes(2)
  })
})
