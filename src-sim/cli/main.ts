// `npm run exchange -- ...`: runs the embedded exchange until SIGINT/SIGTERM.
import { parseExchangeArgs, USAGE, UsageError } from './args'
import { startExchange } from '../exchange'

async function main(): Promise<void> {
  let opts
  try {
    opts = parseExchangeArgs(process.argv.slice(2))
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`error: ${e.message}\n${USAGE}`)
      process.exit(2)
    }
    throw e
  }
  const ex = await startExchange({ ...opts, log: (l) => console.log(l) })
  if (opts.keys.length === 0) {
    const a = ex.accounts[0]
    if (a) console.log(`paper account ${a.accountId}: api key ${a.apiKey} secret ${a.apiSecret}`)
  }
  console.log(`spot websocket ws://127.0.0.1:${ex.port}/spot/ws`)
  console.log(`futures websocket ws://127.0.0.1:${ex.port}/futures/ws`)
  if (opts.control)
    console.log(
      `control api ${ex.url}/sim/v1 (token for this run, send it as 'Authorization: Bearer ${ex.controlToken}')`
    )
  let closing = false
  const stop = (): void => {
    if (closing) return
    closing = true
    ex.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e)
        process.exit(1)
      }
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
