// Rows by keyboard (lib/row-keys.ts): the cursor moves within the rows, Enter picks, the live region tells the row,
// and the highlight follows the cursor without clearing the pointer's hover on every new frame of rows.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick, ref } from 'vue'
import { useRowKeys } from '../../../src-renderer/src/lib/row-keys'
import { useAnnouncerStore } from '../../../src-renderer/src/stores/announcer'

const key = (k: string) => new KeyboardEvent('keydown', { key: k, cancelable: true })

describe('useRowKeys', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('moves, picks, tells, and highlights only while the keyboard is on the rows', async () => {
    const rows = ref(['a', 'b', 'c'])
    const pick = vi.fn()
    const highlight = vi.fn()
    const k = useRowKeys({
      rows: () => rows.value,
      start: (n) => n - 1,
      pick,
      words: (r) => `row ${r}`,
      highlight,
      label: () => 'rows'
    })
    expect(k.attrs.value).toMatchObject({ tabindex: 0, role: 'group', 'aria-label': 'rows', 'data-cursor': undefined })
    rows.value = ['a', 'b', 'd'] // a new frame, the keyboard elsewhere: the pointer's hover is left alone
    await nextTick()
    expect(highlight).not.toHaveBeenCalled()

    k.focus()
    await nextTick()
    expect(highlight).toHaveBeenLastCalledWith(2)
    expect(useAnnouncerStore().polite.at(-1)?.text).toBe('row d')
    const up = key('ArrowUp')
    k.keydown(up)
    expect(up.defaultPrevented).toBe(true)
    await nextTick()
    expect(highlight).toHaveBeenLastCalledWith(1)
    k.keydown(key('Enter'))
    expect(pick).toHaveBeenLastCalledWith('b')
    expect(useAnnouncerStore().polite.at(-1)?.text).toBe('Into the order form: row b')
    k.keydown(key('PageUp')) // clamped to the first row
    k.keydown(key(' '))
    expect(pick).toHaveBeenLastCalledWith('a')
    const tab = key('Tab')
    k.keydown(tab)
    expect(tab.defaultPrevented).toBe(false)

    k.blur()
    await nextTick()
    expect(highlight).toHaveBeenLastCalledWith(null)
    const calls = highlight.mock.calls.length
    rows.value = ['x', 'y', 'z']
    await nextTick()
    expect(highlight.mock.calls.length).toBe(calls)
  })
})
