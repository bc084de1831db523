// Every text colour of both themes reads at WCAG AA (4.5:1) on every background it is drawn on: the panel, the
// window, raised boxes, hovered and selected rows, and (for prices and the accent) its own translucent tint over the
// panel. The tokens are read from styles/theme.css itself, so a colour changed there is checked here.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contrast, over, parseColour } from './wcag'

const css = readFileSync(resolve(import.meta.dirname, '../../../src-renderer/src/styles/theme.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  ''
)

/** The custom properties of the rule whose selector list contains `selector`. */
function tokens(selector: string): Record<string, string> {
  const rule = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].find((m) =>
    m[1]!.split(',').some((s) => s.trim() === selector)
  )
  if (!rule) throw new Error(`theme.css has no rule for ${selector}`)
  return Object.fromEntries([...rule[2]!.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]))
}

const AA = 4.5
const BACKGROUNDS = ['bg', 'bg-panel', 'bg-elev', 'bg-hover', 'bg-active']
const TEXT = ['text', 'text-dim', 'text-faint', 'accent', 'up', 'down', 'warn', 'info']
/** Text drawn on its own tint (a bid row's depth bar, an accent-tinted selection): the tint lies over the panel. */
const ON_TINT = ['accent', 'up', 'down']
/** Not text: borders, shadows, the modal overlay; accent-text and on-up / on-down are checked on their fill. */
const NOT_TEXT = [
  ...['border', 'border-strong', 'shadow', 'overlay', 'accent-text', 'accent-bg', 'up-bg', 'down-bg'],
  ...['on-up', 'on-down']
]
/** The palette's tokens: the theme's, with the colour-blind-safe palette's over them. */
const PALETTE = ":root[data-theme='%s'][data-palette='blue-orange']"

describe.each([
  ['dark', ":root[data-theme='dark']", null],
  ['light', ":root[data-theme='light']", null],
  ['dark blue-orange', ":root[data-theme='dark']", PALETTE.replace('%s', 'dark')],
  ['light blue-orange', ":root[data-theme='light']", PALETTE.replace('%s', 'light')]
])('the %s theme', (_, selector, palette) => {
  const t = { ...tokens(selector), ...(palette ? tokens(palette) : {}) }
  const colour = (name: string) => parseColour(t[name] ?? `missing --${name}`)

  it('names every colour token as text, background or neither (none goes unchecked)', () => {
    const known = new Set([...BACKGROUNDS, ...TEXT, ...NOT_TEXT])
    expect(Object.keys(t).filter((k) => k !== 'color-scheme' && !known.has(k))).toEqual([])
  })

  it.each(TEXT.flatMap((fg) => BACKGROUNDS.map((bg) => [fg, bg])))('--%s on --%s reads at 4.5:1 or more', (fg, bg) => {
    expect(contrast(colour(fg!), colour(bg!))).toBeGreaterThanOrEqual(AA)
  })

  it.each(ON_TINT)('--%s on its tint over the panel reads at 4.5:1 or more', (fg) => {
    expect(contrast(colour(fg), over(colour(`${fg}-bg`), colour('bg-panel')))).toBeGreaterThanOrEqual(AA)
  })

  it('--accent-text on an --accent button reads at 4.5:1 or more', () => {
    expect(contrast(colour('accent-text'), colour('accent'))).toBeGreaterThanOrEqual(AA)
  })

  it('--on-up on a buy button (--up) and --on-down on a sell button (--down) read at 4.5:1 or more', () => {
    expect(contrast(colour('on-up'), colour('up'))).toBeGreaterThanOrEqual(AA)
    expect(contrast(colour('on-down'), colour('down'))).toBeGreaterThanOrEqual(AA)
  })
})

describe('the colour-blind-safe palette', () => {
  it('sets up and down, their tints and the words on them, in both themes, and they differ from the standard', () => {
    for (const theme of ['dark', 'light']) {
      const own = tokens(PALETTE.replace('%s', theme))
      expect(Object.keys(own).sort()).toEqual(['down', 'down-bg', 'on-down', 'on-up', 'up', 'up-bg'])
      const std = tokens(`:root[data-theme='${theme}']`)
      expect(own['up']).not.toBe(std['up'])
      expect(own['down']).not.toBe(std['down'])
    }
  })
})

describe('the contrast math', () => {
  it('gives the WCAG extremes and a known pair', () => {
    expect(contrast(parseColour('#000'), parseColour('#fff'))).toBeCloseTo(21, 5)
    expect(contrast(parseColour('#777777'), parseColour('#777777'))).toBe(1)
    expect(contrast(parseColour('#767676'), parseColour('#ffffff'))).toBeCloseTo(4.54, 2) // the usual AA grey
    expect(over(parseColour('rgba(255, 255, 255, 0.5)'), parseColour('#000000'))).toEqual({
      r: 127.5,
      g: 127.5,
      b: 127.5,
      a: 1
    })
    expect(() => parseColour('var(--x)')).toThrow()
  })
})
