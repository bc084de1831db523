// `npm run web`: the embedded exchange plus the browser host serving the built terminal UI on loopback.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { startExchange } from '../src-sim/exchange'
import { serveStatic } from '../src-main/browser-host/static-files'

const root = resolve(import.meta.dirname, '../out/renderer')
if (!existsSync(resolve(root, 'index.html'))) {
  console.error('The UI is not built: run `npm run build` first.')
  process.exit(1)
}
const port = Number(process.env['PORT'] ?? 0)
const ex = await startExchange({ control: true, log: (l) => console.log(`embedded exchange ${l}`) })
const host = createServer((req, res) => {
  if (!serveStatic(root, req, res)) {
    res.writeHead(404).end()
  }
})
host.listen(port, '127.0.0.1', () => {
  console.log(`terminal ready at http://127.0.0.1:${(host.address() as AddressInfo).port}/`)
})
const stop = (): void => {
  host.close()
  void ex.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
