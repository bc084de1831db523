// The HTTP front over raw loopback sockets: how the request bytes arrive (split, chunked, pipelined, too many)
// must not change what is signed, parsed and answered.
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signRequest } from '@shared/node/hmac-signing'
import type { RunningExchange } from '../../../src-sim/exchange'
import { quietExchange, type SimClient } from './harness'

let ex: RunningExchange
let alice: SimClient
let port: number

beforeAll(async () => {
  ;({ ex, alice } = await quietExchange())
  port = Number(new URL(ex.url).port)
})
afterAll(() => ex.close())

const ORDER_PATH = '/spot/open/sapi/v1/order'
const ORDER_BODY = '{"symbol":"btcusdt","side":"BUY","type":"LIMIT","price":"100.00","volume":"0.01"}'

interface RawReply {
  status: number
  headers: Record<string, string>
  body: string
}

/** Head of a signed POST; `framing` is the Content-Length or Transfer-Encoding line. */
function signedHead(body: string, framing = `Content-Length: ${Buffer.byteLength(body)}`): string {
  const h = signRequest({
    apiKey: alice.keys.apiKey,
    secret: alice.keys.apiSecret,
    method: 'POST',
    requestPath: '/sapi/v1/order',
    body,
    timestamp: String(Date.now())
  })
  const lines = Object.entries(h).map(([k, v]) => `${k}: ${v}`)
  return [`POST ${ORDER_PATH} HTTP/1.1`, 'Host: 127.0.0.1', ...lines, framing, '', ''].join('\r\n')
}

/**
 * Writes the pieces one by one, each in its own turn of the event loop, and reads `count` replies (or until the
 * server closes); with `untilClose`, waits for the server to close the connection after them. Without it, `closed`
 * says whether the connection is still usable after the replies: a ping is sent on it and must be answered.
 */
async function exchangeRaw(
  pieces: (string | Buffer)[],
  count: number,
  untilClose = false
): Promise<{ replies: RawReply[]; closed: boolean }> {
  const socket: Socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = Buffer.alloc(0)
  let closed = false
  const replies: RawReply[] = []
  let wanted = count
  let wake: () => void = () => undefined
  const done = new Promise<void>((resolve) => {
    wake = resolve
    const parse = (): void => {
      for (;;) {
        const headEnd = received.indexOf('\r\n\r\n')
        if (headEnd < 0) return
        const [statusLine, ...headerLines] = received.subarray(0, headEnd).toString('latin1').split('\r\n')
        const headers = Object.fromEntries(
          headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])
        )
        const length = Number(headers['content-length'])
        if (received.length < headEnd + 4 + length) return
        replies.push({
          status: Number(statusLine?.split(' ')[1]),
          headers,
          body: received.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8')
        })
        received = received.subarray(headEnd + 4 + length)
        if (replies.length === wanted && !untilClose) wake()
      }
    }
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d])
      parse()
    })
    socket.on('close', () => {
      closed = true
      wake()
    })
    socket.on('error', () => undefined)
  })
  for (const p of pieces) {
    await new Promise((r) => setTimeout(r, 2))
    if (!socket.destroyed) socket.write(p)
  }
  await done
  // A close right after the last reply is part of the answer too: instead of waiting a while to see whether one
  // comes, ask once more on the same connection; the ping is answered, or the connection is found closed.
  if (!untilClose && !closed) {
    wanted = count + 1
    const probed = new Promise<void>((resolve) => (wake = resolve))
    if (replies.length < wanted && !closed) {
      socket.write('GET /spot/open/sapi/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
      await probed
    }
    if (!closed) expect(replies.pop()?.status, 'the ping on the same connection').toBe(200)
  }
  socket.destroy()
  return { replies, closed }
}

function expectPlaced(r: RawReply | undefined): void {
  expect(r?.status).toBe(200)
  expect(r?.headers['content-type']).toBe('application/json')
  expect(Number(r?.headers['content-length'])).toBe(Buffer.byteLength(r?.body ?? ''))
  expect(JSON.parse(r?.body ?? '{}')).toMatchObject({ symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '100.00' })
  expect(JSON.parse(r?.body ?? '{}').orderId).toMatch(/^\d+$/)
}

describe('HTTP front: request framing', () => {
  it('authenticates a body that arrives in several packets over exactly the bytes sent', async () => {
    const body = Buffer.from(ORDER_BODY)
    const pieces = [signedHead(ORDER_BODY), body.subarray(0, 1), body.subarray(1, 30), body.subarray(30)]
    const { replies, closed } = await exchangeRaw(pieces, 1)
    expectPlaced(replies[0])
    expect(closed).toBe(false)
  })

  it('authenticates a chunked body', async () => {
    const half = ORDER_BODY.length >> 1
    const chunk = (s: string): string => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`
    const pieces = [
      signedHead(ORDER_BODY, 'Transfer-Encoding: chunked'),
      chunk(ORDER_BODY.slice(0, half)),
      chunk(ORDER_BODY.slice(half)),
      '0\r\n\r\n'
    ]
    const { replies } = await exchangeRaw(pieces, 1)
    expectPlaced(replies[0])
  })

  it('answers pipelined requests in order on one keep-alive connection', async () => {
    const unknown = 'GET /spot/open/sapi/v1/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'
    const { replies, closed } = await exchangeRaw(
      [signedHead(ORDER_BODY) + ORDER_BODY + unknown + signedHead(ORDER_BODY) + ORDER_BODY],
      3
    )
    expectPlaced(replies[0])
    expect(replies[1]?.status).toBe(404)
    expect(JSON.parse(replies[1]?.body ?? '{}')).toEqual({
      code: -1000,
      msg: 'Unknown path: GET /spot/open/sapi/v1/nothing'
    })
    expectPlaced(replies[2])
    expect(JSON.parse(replies[2]?.body ?? '{}').orderId).not.toBe(JSON.parse(replies[0]?.body ?? '{}').orderId)
    expect(closed).toBe(false)
  })

  it('answers a body over 256 KiB with 413 -1101, places nothing and closes the connection', async () => {
    const before = ex.spot.engine.openOrders(alice.keys.accountId as string, 'btcusdt').length
    expect(before).toBeGreaterThan(0) // the earlier tests' orders: the count below reads the right book
    const big =
      '{"symbol":"btcusdt","side":"BUY","type":"LIMIT","price":"100.00","volume":"0.01","pad":"' +
      'x'.repeat(256 * 1024) +
      '"}'
    // The whole body is sent, so the server has read everything when it closes (no reset racing the answer).
    const { replies, closed } = await exchangeRaw([signedHead(big), big], 1, true)
    expect(replies[0]?.status).toBe(413)
    expect(JSON.parse(replies[0]?.body ?? '{}').code).toBe(-1101)
    expect(closed).toBe(true)
    expect(ex.spot.engine.openOrders(alice.keys.accountId as string, 'btcusdt').length).toBe(before)
  })
})

describe('HTTP front: body text', () => {
  it.each([
    ['blank (spaces, tab, CR/LF, VT, FF)', ' \t\r\n\v\f', /Mandatory parameter 'symbol'/],
    ['only Unicode spaces (NBSP, BOM)', '\u00a0\ufeff', /Mandatory parameter 'symbol'/],
    ['not JSON', ' x', /Request body is not valid JSON/],
    ['JSON after a Unicode space', '\u00a0{}', /Request body is not valid JSON/]
  ])('a POST body that is %s', async (_name, body, msg) => {
    const { replies } = await exchangeRaw([signedHead(body) + body], 1)
    expect(replies[0]?.status).toBe(400)
    expect(JSON.parse(replies[0]?.body ?? '{}')).toMatchObject({ code: -1102, msg: expect.stringMatching(msg) })
  })
})
