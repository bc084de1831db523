// WCAG 2.x contrast from CSS colours (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio): relative luminance of
// sRGB, and a translucent colour composited over its backdrop first (a tinted row is what the eye sees).
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

/** #rgb, #rrggbb or rgba(r, g, b, a); anything else is an error (the test must not skip a token silently). */
export function parseColour(text: string): Rgba {
  const t = text.trim()
  let m = /^#([0-9a-f]{3})$/i.exec(t)
  if (m) {
    const [r, g, b] = [...m[1]!].map((c) => parseInt(c + c, 16))
    return { r: r!, g: g!, b: b!, a: 1 }
  }
  m = /^#([0-9a-f]{6})$/i.exec(t)
  if (m)
    return {
      r: parseInt(m[1]!.slice(0, 2), 16),
      g: parseInt(m[1]!.slice(2, 4), 16),
      b: parseInt(m[1]!.slice(4), 16),
      a: 1
    }
  m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(t)
  if (m) return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: m[4] === undefined ? 1 : Number(m[4]) }
  throw new Error(`not a colour: ${text}`)
}

/** `top` painted over an opaque `under`. */
export const over = (top: Rgba, under: Rgba): Rgba => ({
  r: top.r * top.a + under.r * (1 - top.a),
  g: top.g * top.a + under.g * (1 - top.a),
  b: top.b * top.a + under.b * (1 - top.a),
  a: 1
})

const channel = (c: number): number => {
  const s = c / 255
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}
export const luminance = (c: Rgba): number => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)

/** (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 to 21. */
export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}
