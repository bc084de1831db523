// Compares a catalog with the facts read from the spec; returns every disagreement as a line of text.
// A pure function of its inputs, so the test can also prove that broken catalogs are caught.
import { isWireTypeName } from '../../../src-shared/api/wire'
import type { EndpointDef, ParamDef } from '../../../src-shared/api/types'
import { key, type SpecFacts, type SpecParam } from './spec-facts'

const gatewayOf = (path: string): string =>
  path.startsWith('/sapi/') ? 'spot' : path.startsWith('/fapi/') ? 'futures' : '?'

/** Which endpoints each phrase of the spec's "Page and size bounds" bullet means. */
const BOUND_PHRASES: Record<string, string[]> = {
  'depth limit': ['GET /sapi/v1/depth', 'GET /fapi/v1/depth'],
  'spot klines': ['GET /sapi/v1/klines'],
  'futures klines': ['GET /fapi/v1/klines'],
  'spot myTrades': ['GET /sapi/v1/myTrades'],
  'margin openOrders and myTrades': ['GET /sapi/v1/margin/openOrders', 'GET /sapi/v1/margin/myTrades'],
  'futures myTrades and orderHistorical': ['GET /fapi/v1/myTrades', 'POST /fapi/v1/orderHistorical'],
  'deposit/withdraw history': ['GET /sapi/v1/deposit/history', 'GET /sapi/v1/withdraw/history']
}

export function catalogKeys(catalog: readonly EndpointDef[]): string[] {
  return catalog.flatMap((d) => [d.path, ...d.aliases].map((p) => key(d.method, p)))
}

function checkParams(
  where: string,
  spec: SpecParam[],
  cat: readonly ParamDef[],
  strictExtra: boolean,
  out: string[]
): void {
  for (const s of spec) {
    const c = cat.find((p) => p.name === s.name)
    if (!c) {
      out.push(`${where}: parameter ${s.name} missing`)
      continue
    }
    const at = `${where} ${s.name}`
    if (c.in !== s.in) out.push(`${at}: in ${c.in}, spec ${s.in}`)
    if (s.required !== undefined && c.required !== s.required)
      out.push(`${at}: required ${c.required}, spec ${s.required}`)
    if (s.default !== undefined && c.default !== s.default)
      out.push(`${at}: default ${String(c.default)}, spec ${s.default}`)
    if (s.max !== undefined && c.max !== s.max) out.push(`${at}: max ${String(c.max)}, spec ${s.max}`)
    if (s.maxLengthExclusive !== undefined && c.maxLengthExclusive !== s.maxLengthExclusive)
      out.push(`${at}: maxLengthExclusive ${String(c.maxLengthExclusive)}, spec ${s.maxLengthExclusive}`)
    if (s.values && [...(c.values ?? [])].sort().join() !== [...s.values].sort().join())
      out.push(`${at}: values ${String(c.values)}, spec ${s.values.join()}`)
    if (s.requiredForLimit && c.requiredWhen?.equals !== 'LIMIT') out.push(`${at}: not required for LIMIT`)
    if (s.fields) checkParams(at, s.fields, c.fields ?? [], strictExtra, out)
  }
  if (strictExtra)
    for (const c of cat)
      if (c.name !== 'recvWindow' && !spec.some((s) => s.name === c.name))
        out.push(`${where}: parameter ${c.name} not in spec`)
}

export function checkCatalog(facts: SpecFacts, catalog: readonly EndpointDef[]): string[] {
  const out: string[] = []
  const byKey = new Map<string, EndpointDef>()
  const ids = new Set<string>()
  for (const d of catalog) {
    if (ids.has(d.id)) out.push(`duplicate id ${d.id}`)
    ids.add(d.id)
    for (const p of [d.path, ...d.aliases]) {
      const k = `${d.gateway} ${key(d.method, p)}`
      if (byKey.has(k)) out.push(`duplicate path ${k}`)
      byKey.set(k, d)
      if (gatewayOf(p) !== d.gateway) out.push(`${d.id}: gateway ${d.gateway} but path ${p}`)
    }
    if (!isWireTypeName(d.response)) out.push(`${d.id}: response ${d.response} is not a wire type`)
    const scope = d.security === 'NONE' ? 'ip' : 'apiKey'
    if (d.rateLimit.scope !== scope) out.push(`${d.id}: scope ${d.rateLimit.scope}, expected ${scope}`)
  }
  const find = (k: string): EndpointDef | undefined => byKey.get(`${gatewayOf(k.split(' ')[1]!)} ${k}`)

  // Paths: every row and alias of the spec is in the catalog, and nothing else is.
  const specKeys = new Set(facts.rows.flatMap((r) => [key(r.method, r.path), ...r.aliases]))
  const catKeys = new Set(catalogKeys(catalog))
  if (specKeys.size !== 61) out.push(`spec yields ${specKeys.size} distinct paths, expected 61`)
  if (catKeys.size !== 61) out.push(`catalog holds ${catKeys.size} distinct paths, expected 61`)
  for (const k of specKeys) if (!catKeys.has(k)) out.push(`catalog misses ${k}`)
  for (const k of catKeys) if (!specKeys.has(k)) out.push(`catalog has ${k}, not in the spec`)
  for (const k of facts.mentions) if (!catKeys.has(k)) out.push(`spec mentions ${k}, catalog misses it`)

  for (const row of facts.rows) {
    const k = key(row.method, row.path)
    const d = find(k)
    if (!d) continue
    if (d.path !== row.path) out.push(`${k}: spec row, but catalog has it only as an alias of ${d.id}`)
    for (const a of row.aliases) if (find(a) !== d) out.push(`${a}: not an alias of ${d.id}`)
    if (row.security && d.security !== row.security) out.push(`${d.id}: security ${d.security}, spec ${row.security}`)
    // Sections without a stated class are signed ones (only the public sections are NONE, only transfers RSA).
    if (!row.security && (d.security === 'NONE' || d.security === 'RSA'))
      out.push(`${d.id}: security ${d.security} in a signed section`)
    if (row.params) checkParams(d.id, row.params, d.params, true, out)
  }

  for (const [name, params] of facts.bodies) {
    const d = name === 'orderList[]' ? find('POST /fapi/v1/profitLossOrder') : find(`POST /fapi/v1/${name}`)
    if (!d) {
      out.push(`body of ${name}: no catalog entry`)
      continue
    }
    const cat = name === 'orderList[]' ? (d.params.find((p) => p.name === 'orderList')?.fields ?? []) : d.params
    checkParams(`${d.id} ${name}`, params, cat, true, out)
  }

  // Rate limits from the Limits table; nothing else may claim fromSpec.
  const limited = new Set<EndpointDef>()
  for (const l of facts.limits) {
    const d = find(key(l.method, l.path))
    if (!d) {
      out.push(`limit for ${key(l.method, l.path)}: no catalog entry`)
      continue
    }
    limited.add(d)
    const r = d.rateLimit
    if (r.count !== l.count || r.windowMs !== l.windowMs || !r.fromSpec)
      out.push(`${d.id}: rate ${r.count}/${r.windowMs}ms fromSpec ${r.fromSpec}, spec ${l.count}/${l.windowMs}ms`)
    if (l.maxBatch !== undefined && d.maxBatch !== l.maxBatch)
      out.push(`${d.id}: maxBatch ${String(d.maxBatch)}, spec ${l.maxBatch}`)
  }
  for (const d of catalog)
    if (d.rateLimit.fromSpec && !limited.has(d)) out.push(`${d.id}: fromSpec but absent from the Limits table`)

  for (const b of facts.bounds) {
    const keys = BOUND_PHRASES[b.phrase]
    if (!keys) {
      out.push(`bounds bullet: unknown phrase "${b.phrase}"`)
      continue
    }
    for (const k of keys) {
      const limit = find(k)?.params.find((p) => p.name === 'limit')
      if (limit?.max !== b.max) out.push(`${k}: limit max ${String(limit?.max)}, spec ${b.max}`)
    }
  }

  if (facts.maxBatch !== 10) out.push(`spec batch maximum read as ${facts.maxBatch}`)
  for (const d of catalog.filter((e) => /\/batch(Orders|Cancel)$/.test(e.path))) {
    if (d.maxBatch !== facts.maxBatch) out.push(`${d.id}: maxBatch ${String(d.maxBatch)}, spec ${facts.maxBatch}`)
    const arr = d.params.find((p) => p.type === 'array')
    if (arr?.max !== facts.maxBatch)
      out.push(`${d.id}: ${String(arr?.name)} max ${String(arr?.max)}, spec ${facts.maxBatch}`)
  }

  if (facts.clientOrderIdMaxExclusive !== 32)
    out.push(`spec clientOrderId bound read as ${facts.clientOrderIdMaxExclusive}`)
  const futuresClientIds = catalog
    .filter((d) => d.gateway === 'futures')
    .flatMap((d) => [...d.params, ...d.params.flatMap((p) => p.fields ?? [])].map((p) => [d.id, p] as const))
    .filter(([, p]) => p.name === 'clientOrderId')
  if (futuresClientIds.length < 3)
    out.push('futures clientOrderId parameters not found (place, condition, batch items)')
  for (const [id, p] of futuresClientIds)
    if (p.maxLengthExclusive !== facts.clientOrderIdMaxExclusive)
      out.push(`${id} clientOrderId: bound ${String(p.maxLengthExclusive)}`)

  return out
}
