// Reads docs/spec/exchange-rest-interface.md into checkable facts: endpoint rows (method, path, aliases, security,
// parameters), Limits-table rows, page/size bounds, batch and client-order-id limits, and every "METHOD /path"
// mentioned anywhere. Parsing is strict enough that an unexpected spec shape fails the test rather than passes.

export type Loc = 'query' | 'body' | 'header'

export interface SpecParam {
  name: string
  in: Loc
  /** true: starred; false: unstarred in a list with stars, or said optional; undefined: the spec does not say. */
  required: boolean | undefined
  default?: number
  max?: number
  maxLengthExclusive?: number
  values?: string[]
  requiredForLimit?: boolean
  fields?: SpecParam[]
}

export interface SpecRow {
  method: string
  path: string
  aliases: string[]
  heading: string
  security?: string
  input?: string
  /** null when the spec does not show the parameters; undefined when the table has no Input column. */
  params?: SpecParam[] | null
}

export interface SpecLimit {
  method: string
  path: string
  count: number
  windowMs: number
  maxBatch?: number
}

export interface SpecFacts {
  rows: SpecRow[]
  limits: SpecLimit[]
  mentions: string[]
  bounds: { phrase: string; max: number }[]
  maxBatch: number
  clientOrderIdMaxExclusive: number
  /** "profitLossOrder body:", "edit_lever body:", "orderList[] item:" lines. */
  bodies: Map<string, SpecParam[]>
}

export const key = (method: string, path: string): string => `${method} ${path}`

/** Splits at top-level commas (outside (), {}). */
function splitTop(text: string): string[] {
  const out: string[] = []
  let depth = 0
  let cur = ''
  for (const ch of text) {
    if (ch === '(' || ch === '{') depth++
    if (ch === ')' || ch === '}') depth--
    if (ch === ',' && depth === 0) {
      out.push(cur.trim())
      cur = ''
    } else cur += ch
  }
  if (cur.trim()) out.push(cur.trim())
  return out
}

/** The parenthesised group at the start of `rest`, without the parentheses. */
function leadingParen(rest: string): string {
  if (!rest.startsWith('(')) return ''
  let depth = 0
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '(') depth++
    if (rest[i] === ')' && --depth === 0) return rest.slice(1, i)
  }
  throw new Error(`unbalanced parentheses in ${rest}`)
}

function enumValues(paren: string): string[] | undefined {
  const first = paren.split(',')[0]!.trim()
  if (/^[A-Za-z_]+(\/[A-Za-z_]+)+$/.test(first)) return first.split('/')
  const items = paren.split(',').map((s) => s.trim())
  const typeWords = /^(string|integer|number|long|boolean|array|optional)$/
  if (items.length >= 2 && items.every((s) => /^\w+$/.test(s) && !typeWords.test(s))) return items
  const codes = /(\d+) [^/,;]+? \/ (\d+)/.exec(paren)
  if (codes) return [codes[1]!, codes[2]!]
  return undefined
}

export function parseList(text: string, loc: Loc): SpecParam[] {
  const parts = splitTop(text)
  const hasStar = parts.some((p) => /^[A-Za-z_]+\*/.test(p))
  return parts.map((part) => {
    const m = /^([A-Za-z_]+)(\*)?\s*([\s\S]*)$/.exec(part)
    if (!m) throw new Error(`cannot read parameter "${part}"`)
    const [, name, star, rest] = m as unknown as [string, string, string | undefined, string]
    const paren = leadingParen(rest)
    const p: SpecParam = { name, in: loc, required: undefined }
    const def = /default (\d+)/.exec(paren)
    if (def) p.default = Number(def[1])
    const max = /\bmax (\d+)/.exec(paren)
    if (max) p.max = Number(max[1])
    const fewer = /fewer than (\d+)/.exec(paren)
    if (fewer) p.maxLengthExclusive = Number(fewer[1])
    const values = enumValues(paren)
    if (values) p.values = values
    if (/required for LIMIT/.test(paren)) p.requiredForLimit = true
    if (star) p.required = true
    else if (/\boptional\b/.test(paren) || p.requiredForLimit || hasStar) p.required = false
    const nested = /of \{([\s\S]*)\}\s*$/.exec(rest)
    if (nested) p.fields = parseList(nested[1]!, 'body')
    return p
  })
}

function resolveInput(row: SpecRow, rows: SpecRow[], placeOrder: string, seen = 0): SpecParam[] | null {
  if (seen > 5) throw new Error('reference loop')
  const t = row.input!.trim()
  const own: Loc = row.method === 'GET' ? 'query' : 'body'
  if (t === 'none') return []
  if (/not shown/.test(t)) return null
  const header = /^optional header (\w+)/.exec(t)
  if (header) return [{ name: header[1]!, in: 'header', required: false }]
  const same = /^same (?:body |parameters )?as ([^;]+?)\s*(?:;|$)/.exec(t)
  if (same) {
    const ref = same[1]!.startsWith('/') ? same[1]! : '/' + same[1]!.replace(/ /g, '/')
    const target = rows.find(
      (r) => r.method === row.method && r.path.endsWith(ref) && r.path.slice(0, 6) === row.path.slice(0, 6)
    )
    if (!target) throw new Error(`unresolved reference "${same[1]}" in ${row.path}`)
    return resolveInput(target, rows, placeOrder, seen + 1)
  }
  const po = /^place-order body(?: plus (.*))?$/.exec(t)
  if (po) return [...parseList(placeOrder, 'body'), ...(po[1] ? parseList(po[1], 'body') : [])]
  const paging = /^(.*) plus the paging parameters of (\w+)$/.exec(t)
  if (paging) {
    const target = rows.find((r) => r.path.slice(0, 6) === row.path.slice(0, 6) && r.path.endsWith('/' + paging[2]))
    if (!target) throw new Error(`unresolved paging reference in ${row.path}`)
    const paged = (resolveInput(target, rows, placeOrder, seen + 1) ?? []).filter(
      (p) => !/contractName|symbol/.test(p.name)
    )
    return [...parseList(paging[1]!, own), ...paged]
  }
  const pre = /^(query|body) ([\s\S]*)$/.exec(t)
  return pre ? parseList(pre[2]!, pre[1] as Loc) : parseList(t, own)
}

export function readSpec(text: string): SpecFacts {
  const rows: SpecRow[] = []
  const limits: SpecLimit[] = []
  const bodies = new Map<string, SpecParam[]>()
  let heading = ''
  let header: string[] | null = null
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) {
      heading = line.replace(/^#+\s*/, '')
      header = null
      continue
    }
    const body = /^(\w+) body: (.+)\.$/.exec(line) ?? /^(orderList)\[\] item: (.+)\.$/.exec(line)
    if (body) bodies.set(body[1] === 'orderList' ? 'orderList[]' : body[1]!, parseList(body[2]!, 'body'))
    if (!line.startsWith('|')) {
      header = null
      continue
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim())
    if (cells.every((c) => /^-+$/.test(c))) continue
    if (!header) {
      header = cells
      continue
    }
    if (header[0] === 'Method' && header[1] === 'Path') {
      const path = cells[1]!.split(' ')[0]!
      const aliases = [...cells[1]!.matchAll(/alias (GET|POST) (\/[^\s,)]+)/g)].map((m) => key(m[1]!, m[2]!))
      const sec = /\(security (\w+)\)/.exec(heading)?.[1] ?? (/RSA-signed/.test(heading) ? 'RSA' : undefined)
      const row: SpecRow = { method: cells[0]!, path, aliases, heading }
      if (sec) row.security = sec
      if (header[2] === 'Input') row.input = cells[2]!
      rows.push(row)
    } else if (heading === 'Limits' && header[0] === 'Endpoint') {
      const rate = /(\d+) requests \/ (\d+)?\s*s\b/.exec(cells[1]!)
      if (!rate) throw new Error(`cannot read limit "${cells[1]}"`)
      const batch = /max (\d+) orders/.exec(cells[1]!)
      let method = ''
      for (const item of cells[0]!.split(',').map((s) => s.trim())) {
        const m = /^(?:(GET|POST) )?(\/\S+)$/.exec(item)
        if (!m) throw new Error(`cannot read limit endpoint "${item}"`)
        method = m[1] ?? method
        const lim: SpecLimit = { method, path: m[2]!, count: Number(rate[1]), windowMs: Number(rate[2] ?? 1) * 1000 }
        if (batch) lim.maxBatch = Number(batch[1])
        limits.push(lim)
      }
    }
  }
  const placeOrder = /Place-order body \(POST \/fapi\/v1\/order\): (.+?)\. Response:/.exec(text)?.[1]
  if (!placeOrder) throw new Error('place-order paragraph not found')
  for (const row of rows) if (row.input !== undefined) row.params = resolveInput(row, rows, placeOrder)

  const boundsLine = /Page and size bounds: (.+)\./.exec(text)?.[1]
  if (!boundsLine) throw new Error('page and size bounds bullet not found')
  const bounds = boundsLine.split(';').map((c) => {
    const m = /^(.*) max (\d+)$/.exec(c.trim())
    if (!m) throw new Error(`cannot read bound "${c}"`)
    return { phrase: m[1]!, max: Number(m[2]) }
  })
  const maxBatch = Number(/Batch place and batch cancel allow at most (\d+) orders per call/.exec(text)?.[1])
  const clientOrderIdMaxExclusive = Number(/Futures clientOrderId is fewer than (\d+) characters/.exec(text)?.[1])
  const mentions = [
    ...new Set([...text.matchAll(/\b(GET|POST) (\/[sf]api\/v1\/[A-Za-z0-9_/]+)/g)].map((m) => key(m[1]!, m[2]!)))
  ]
  return { rows, limits, mentions, bounds, maxBatch, clientOrderIdMaxExclusive, bodies }
}
