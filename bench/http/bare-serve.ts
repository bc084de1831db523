// The bare baseline of the HTTP bench: a plain node:http server that does what any signed-order server must
// (read the body, check its HMAC-SHA256 signature with the exchange's own verifyHmacSignature) and nothing else,
// answering a fixed JSON of an order acknowledgement's shape and size. Its requests/s is the ceiling node:http
// sets on this machine; orders.bench.ts reports each setup's orders/s as a ratio to it.
// Run as orders.bench.ts's child (bundled like serve.ts): prints "listening on URL", stops on SIGTERM.
import { createServer, type IncomingMessage } from 'node:http'
import { verifyHmacSignature } from '../../src-shared/node/hmac-signing'
import { BENCH_KEYS } from './bench-keys'

const SECRETS = new Map(BENCH_KEYS.map((k) => [k.apiKey, k.apiSecret]))
const PREFIX = '/spot/open'

/** A real acknowledgement (NEW LIMIT order, 210 bytes); the order id counts up so each answer differs. */
function ack(n: number): string {
  const id = String(3_176_901_856_236_716_480n + BigInt(n))
  return (
    `{"orderId":"${id}","clientOrderId":"","symbol":"btcusdt","transactTime":"${Date.now()}",` +
    `"price":"30123.45","origQty":"0.001000","executedQty":"0.000000","type":"LIMIT","side":"BUY","status":"NEW"}`
  )
}

const header = (req: IncomingMessage, name: string): string => {
  const v = req.headers[name]
  return (Array.isArray(v) ? v[0] : v) ?? ''
}

let orders = 0
const server = createServer({ keepAlive: true }, (req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    const secret = SECRETS.get(header(req, 'x-ch-apikey'))
    const path = req.url ?? ''
    const ok =
      secret !== undefined &&
      path.startsWith(PREFIX) &&
      verifyHmacSignature({
        secret,
        method: req.method ?? '',
        requestPath: path.slice(PREFIX.length),
        body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks),
        timestamp: header(req, 'x-ch-ts'),
        signature: header(req, 'x-ch-sign')
      })
    const text = ok ? ack(orders++) : '{"code":-1022,"msg":"Signature for this request is not valid"}'
    res.writeHead(ok ? 200 : 401, ['Content-Type', 'application/json', 'Content-Length', String(text.length)])
    res.end(text)
  })
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('bare server: no TCP address')
  console.log(`listening on http://127.0.0.1:${address.port}`)
})
const stop = (): void => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
