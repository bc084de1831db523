// The row pool behind the book and the tape: a fixed set of row elements written in place. Rows keep their elements
// from frame to frame (no insert or remove), only changed text is written, empty rows hide and lose their test id,
// the asks fill from the bottom, and a click finds its row's data.
import { describe, expect, it } from 'vitest'
import { RowPool, type PoolRow } from '../../../src-renderer/src/lib/row-pool'

const row = (price: string, qty: string, bar?: number): PoolRow => ({
  cells: [price, qty],
  data: { price },
  ...(bar === undefined ? {} : { bar })
})

function pool(bar = false) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const p = new RowPool(container, { rowClass: 'row', cellClasses: ['p', ''], testId: 'r', bar })
  const shown = () =>
    [...container.querySelectorAll<HTMLElement>('[data-testid="r"]')].map((el) =>
      [...el.querySelectorAll('span')].map((s) => s.textContent).join(' ')
    )
  return { container, p, shown }
}

describe('RowPool', () => {
  it('keeps its row elements across frames and rewrites their text', () => {
    const { container, p, shown } = pool()
    p.resize(3)
    const els = [...container.children]
    expect(els).toHaveLength(3)
    expect(shown()).toEqual([])
    p.fill([row('10.5', '1'), row('10.4', '2')])
    expect(shown()).toEqual(['10.5 1', '10.4 2'])
    expect((els[2] as HTMLElement).hidden).toBe(true)
    p.fill([row('10.6', '3'), row('10.5', '1'), row('10.4', '2')])
    expect(shown()).toEqual(['10.6 3', '10.5 1', '10.4 2'])
    // The same elements, in the same order: nothing was inserted or removed.
    expect([...container.children]).toEqual(els)
    expect(els.map((e) => (e as HTMLElement).dataset['price'])).toEqual(['10.6', '10.5', '10.4'])
  })

  it('writes only what changed', () => {
    const { container, p } = pool()
    p.resize(1)
    p.fill([row('1.00', '5')])
    const [priceText, qtyText] = [...container.querySelectorAll('span')].map((s) => s.firstChild as Text)
    let writes = 0
    const observer = new MutationObserver((records) => (writes += records.length))
    observer.observe(container, { subtree: true, characterData: true, attributes: true, childList: true })
    p.fill([row('1.00', '6')])
    p.fill([row('1.00', '6')])
    return Promise.resolve().then(() => {
      observer.disconnect()
      expect(writes).toBe(1) // the size's text, once
      expect(priceText!.nodeValue).toBe('1.00')
      expect(qtyText!.nodeValue).toBe('6')
      // The text nodes are the ones made at first: rewritten, not replaced.
      expect(container.querySelector('span')!.firstChild).toBe(priceText)
    })
  })

  it('fills from the bottom for the asks, hiding the rows above', () => {
    const { container, p, shown } = pool()
    p.resize(4)
    p.fill([row('3', 'a'), row('2', 'b')], 'end')
    expect([...container.children].map((e) => (e as HTMLElement).hidden)).toEqual([true, true, false, false])
    expect(shown()).toEqual(['3 a', '2 b'])
  })

  it('sizes the depth bar as the row background, from 0 to 1', () => {
    const { container, p } = pool(true)
    p.resize(2)
    p.fill([row('1', 'x', 0.5125), row('2', 'y', 1)])
    const rows = [...container.children] as HTMLElement[]
    expect(rows[0]!.style.backgroundSize).toBe('51.25% 100%')
    expect(rows[1]!.style.backgroundSize).toBe('100% 100%')
  })

  it('grows and shrinks with the space, and finds the row of a click', () => {
    const { container, p } = pool()
    p.resize(2)
    p.fill([row('7', 'a')])
    const span = container.querySelector('span')!
    expect(p.rowOf(span)?.dataset['price']).toBe('7')
    // A hidden row is no target.
    expect(p.rowOf(container.children[1]!)).toBeNull()
    p.resize(5)
    expect(container.children).toHaveLength(5)
    p.resize(1)
    expect(container.children).toHaveLength(1)
    expect(p.size).toBe(1)
  })
})
