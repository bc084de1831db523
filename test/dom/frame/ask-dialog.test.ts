// The question a step that may lose something asks first: the focus on the safe answer when the yes loses something,
// and only the yes answers yes (Esc and a click outside answer no).
import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import AskDialog from '../../../src-renderer/src/components/AskDialog.vue'

const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))
const ask = (danger: boolean) => {
  const w = mount(AskDialog, {
    props: {
      title: 'Delete the layout "Scalp"?',
      text: 'It cannot be undone.',
      yes: 'Delete',
      no: 'Cancel',
      testid: 'q',
      danger
    },
    attachTo: document.body
  })
  mounted.push(w)
  return w
}

describe('AskDialog', () => {
  it('a yes that loses something: drawn as a danger, the focus on the no; Esc and a click outside answer no', async () => {
    const w = ask(true)
    expect(document.activeElement?.getAttribute('data-testid')).toBe('q-no')
    expect(w.get('[data-testid="q-yes"]').classes()).toContain('danger')
    await w.get('[data-testid="q"]').trigger('keydown', { key: 'Escape' })
    await w.get('.modal-back').trigger('click')
    await w.get('[data-testid="q-no"]').trigger('click')
    expect(w.emitted('answer')).toEqual([[false], [false], [false]])
    await w.get('[data-testid="q-yes"]').trigger('click')
    expect(w.emitted('answer')!.at(-1)).toEqual([true])
  })

  it('a plain question starts on its yes', () => {
    const w = ask(false)
    expect(document.activeElement?.getAttribute('data-testid')).toBe('q-yes')
    expect(w.get('[data-testid="q-yes"]').classes()).toContain('primary')
  })
})
