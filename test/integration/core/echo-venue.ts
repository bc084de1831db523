// A venue that echoes every request header back, as some live venues and gateways do: a loopback proxy in front of
// the embedded exchange that puts the request's headers (each value raw, base64 and URL-encoded) into every JSON
// object of every answer and into every `msg`, and into the bodies of the failures it makes up. Answers are
// rewritten as text, never parsed: futures ids are beyond a double's precision. Built on ../loopback-proxy.ts.
import type { IncomingHttpHeaders } from 'node:http'
import { readAll, send, seenRequest, startLoopbackProxy, type SeenRequest } from '../loopback-proxy'

/** What the venue does with one request. */
export type EchoDecision =
  | 'forward' // forwarded, its answer echoing the headers
  | 'reject' // not forwarded: HTTP 400 with a JSON error whose msg echoes the headers
  | 'lose-answer' // forwarded (the venue acted), then a 502 whose JSON error echoes the headers
  | 'refuse' // not forwarded: a 403 whose JSON error echoes the headers

export type EchoRequest = SeenRequest

/** Every header as `name: raw | b64 | b64url | url`, the way a venue's debug echo might show it. */
export function echoText(headers: IncomingHttpHeaders): string {
  return Object.entries(headers)
    .map(([k, v]) => {
      const s = Array.isArray(v) ? v.join(',') : String(v ?? '')
      return `${k}: ${s} | ${Buffer.from(s).toString('base64')} | ${Buffer.from(s).toString('base64url')} | ${encodeURIComponent(s)}`
    })
    .join('; ')
}

/** The JSON text with `"echo": <echo>` in every object and the echo prefixed to every `msg` string. */
export function injectEcho(text: string, echo: string): string {
  const quoted = JSON.stringify(echo)
  let out = ''
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (ch === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      const token = text.slice(i, j + 1)
      out += token
      i = j + 1
      const value = token === '"msg"' ? /^\s*:\s*"/.exec(text.slice(i, i + 16)) : null
      if (value) {
        out += `${value[0]}${quoted.slice(1, -1)} `
        i += value[0].length
      }
      continue
    }
    out += ch
    i++
    if (ch === '{') out += `"echo":${quoted}${/^\s*\}/.test(text.slice(i)) ? '' : ','}`
  }
  return out
}

export async function startEchoVenue(target: string, decide: (r: EchoRequest) => EchoDecision = () => 'forward') {
  const decisions: (EchoRequest & { decision: EchoDecision })[] = []
  const proxy = await startLoopbackProxy(target, async (req, res, forward) => {
    const body = await readAll(req)
    const seen = seenRequest(req, body)
    const decision = decide(seen)
    decisions.push({ ...seen, decision })
    const echo = echoText(req.headers)
    const json = 'application/json'
    if (decision === 'reject') return send(res, 400, json, injectEcho('{"code":-1000,"msg":"request refused"}', echo))
    if (decision === 'refuse') return send(res, 403, json, injectEcho('{"code":-1002,"msg":"forbidden"}', echo))
    const answer = await forward(body)
    if (decision === 'lose-answer') return send(res, 502, json, injectEcho('{"code":-1000,"msg":"bad gateway"}', echo))
    const text = answer.body.toString('utf8')
    send(res, answer.status, answer.type, answer.type.includes('json') ? injectEcho(text, echo) : text)
  })
  return { ...proxy, decisions }
}
