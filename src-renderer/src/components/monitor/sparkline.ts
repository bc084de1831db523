// The geometry of a sparkline: a polyline through the values scaled into the box, and the area under it.
// Pure, so it is tested without a DOM. Values are display coordinates only (never used for money).
export interface SparkPaths {
  line: string
  area: string
  trend: 'up' | 'down' | ''
}

export function sparkPaths(values: readonly number[], width: number, height: number, pad = 2): SparkPaths {
  const v = values.filter(Number.isFinite)
  if (v.length < 2) return { line: '', area: '', trend: '' }
  const min = Math.min(...v)
  const max = Math.max(...v)
  const span = max - min || 1
  const dx = (width - pad * 2) / (v.length - 1)
  const pts = v.map((x, i) => [pad + i * dx, pad + (height - pad * 2) * (1 - (x - min) / span)] as const)
  const line = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join('')
  const area = `${line}L${pts.at(-1)![0].toFixed(1)} ${height}L${pts[0]![0].toFixed(1)} ${height}Z`
  const trend = v.at(-1)! > v[0]! ? 'up' : v.at(-1)! < v[0]! ? 'down' : ''
  return { line, area, trend }
}
