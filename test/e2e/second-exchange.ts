// A second embedded exchange for the e2e tests, with its own seed, keys, funds and prices: BTC trades around 40,000
// there (the paper exchange's around 65,000) and never traded anywhere else, so any BTC price on screen tells which
// venue it came from. Its market activity is driven from here: steered before its first step (and its futures index
// set from a spot book already at 40,000), so not one trade, candle or 24 h high of it is at the paper price. It keeps
// its data in a folder, so a kill and a restart on the same port keep its account, orders and positions.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startExchange, type RunningExchange } from '../../src-sim/exchange'
import { credit, newAccount, placeAs } from '../integration/sim-control'

export const SECOND_KEYS = { apiKey: 'e2eSecondVenueKey0001', apiSecret: 'e2e-second-venue-secret-0001' }
const BTC = 40_000
/** Activity steps and futures ticks, as the exchange's own timers pace them. */
const STEP_MS = 250
const TICK_MS = 1000

export interface SecondExchange {
  readonly port: number
  readonly urls: { baseUrl: string; wsSpot: string; wsFutures: string }
  /** Stops it as a crash looks to the terminal: every socket dropped, the port closed. */
  kill(): Promise<void>
  /** Starts it again on the same port and data folder. */
  restart(): Promise<void>
  close(): Promise<void>
}

export async function startSecondExchange(seed = 4242): Promise<SecondExchange> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chtrader-e2e-second-'))
  let ex: RunningExchange | null = null
  let driver: ReturnType<typeof setInterval> | undefined
  let busy: Promise<void> | null = null

  async function start(port: number, first: boolean): Promise<RunningExchange> {
    const e = await startExchange({
      port,
      seed,
      dataDir,
      activity: true,
      activityTimer: false,
      futuresTimer: false,
      control: true,
      // Steered to 40,000 below: a seeded history would end at the listed price (about 65,000), inside the paper
      // venue's band, and the test tells the venues apart by their bands.
      history: false,
      keys: [SECOND_KEYS]
    })
    e.activity!.steer('btcusdt', BTC.toFixed(2))
    if (first) {
      // A spot book at 40,000 before anything trades, so the futures index (the spot mid) starts there too.
      const { accountId } = await newAccount(e)
      for (const [side, price] of [
        ['BUY', BTC - 10],
        ['SELL', BTC + 10]
      ] as const)
        await placeAs(e, accountId, {
          symbol: 'btcusdt',
          side,
          type: 'LIMIT',
          price: price.toFixed(2),
          volume: '0.001000'
        })
      // Funds no paper account has: 177,777 USDT on spot, 3,333 USDT in the futures wallet.
      await credit(e, SECOND_KEYS.apiKey, { asset: 'USDT', amount: '77777' })
      await credit(e, SECOND_KEYS.apiKey, { wallet: 'futures', asset: 'USDT', amount: '3333' })
    }
    await e.futuresTick()
    let n = 0
    driver = setInterval(() => {
      if (busy) return
      busy = (async () => {
        await e.activity!.step()
        if (++n % (TICK_MS / STEP_MS) === 0) await e.futuresTick()
      })()
        .catch(() => undefined)
        .finally(() => (busy = null))
    }, STEP_MS)
    return e
  }

  async function stop(): Promise<void> {
    clearInterval(driver)
    await busy
    await ex?.close()
    ex = null
  }

  ex = await start(0, true)
  const port = ex.port
  return {
    port,
    urls: {
      baseUrl: `http://127.0.0.1:${port}`,
      wsSpot: `ws://127.0.0.1:${port}/spot/ws`,
      wsFutures: `ws://127.0.0.1:${port}/futures/ws`
    },
    kill: stop,
    async restart() {
      ex = await start(port, false)
    },
    async close() {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
