// A monitor tile's hot data: the top of the book and recent candle closes, streamed and kept outside Vue's
// reactivity; `version` is bumped at most once per animation frame, and the tile renders from `read()`. The
// streams name the window's profile; a switch empties the tile at once and streams the new profile's market.
import { onBeforeUnmount, ref, type Ref } from 'vue'
import type { LevelView } from '@shared/ipc/views/market'
import { wordsOrMessage } from '../i18n/words'
import { frameBatch, liveSubscribe } from '../services/live'
import type { Gateway } from '@shared/api/types'
import { onProfileSwitch, profileParam } from './profile-scope'

export const BOOK_ROWS = 5
const SPARK_POINTS = 120 // 2 h of 1-minute candles

export interface TileData {
  asks: LevelView[]
  bids: LevelView[]
  closes: number[]
  bookError: string | null
}

export function useTileData(gateway: Gateway, symbol: string): { version: Ref<number>; read: () => TileData } {
  const version = ref(0)
  const data: TileData = { asks: [], bids: [], closes: [], bookError: null }
  const candles = new Map<number, { open: number; close: number }>()
  const batch = frameBatch(() => version.value++)
  let offs: (() => void)[] = []

  function start(): void {
    const market = { ...profileParam(), module: gateway, symbol }
    const offBook = liveSubscribe(
      'market.onBook',
      market,
      (b) => {
        data.asks = b.asks.slice(0, BOOK_ROWS)
        data.bids = b.bids.slice(0, BOOK_ROWS)
        data.bookError = null
        batch.schedule()
      },
      { onEnd: (e) => e && ((data.bookError = wordsOrMessage(e)), batch.schedule()), pauseWhileHidden: true }
    )
    const offCandles = liveSubscribe(
      'market.onCandles',
      { ...market, interval: '1min' },
      (ev) => {
        for (const c of ev.candles) candles.set(c.id, { open: Number(c.open), close: Number(c.close) })
        const ids = [...candles.keys()].sort((a, b) => a - b)
        for (const id of ids.slice(0, Math.max(0, ids.length - SPARK_POINTS))) candles.delete(id)
        const kept = ids.slice(-SPARK_POINTS).map((id) => candles.get(id)!)
        // The first open leads the line, so even a market with one candle so far draws its move.
        data.closes = kept.length ? [kept[0]!.open, ...kept.map((c) => c.close)] : []
        batch.schedule()
      },
      { pauseWhileHidden: true } // a hidden window's tiles cost nothing (services/hidden-pause.ts)
    )
    offs = [offBook, offCandles]
  }
  const stop = (): void => offs.splice(0).forEach((off) => off())
  start()
  onProfileSwitch(() => {
    stop()
    Object.assign(data, { asks: [], bids: [], closes: [], bookError: null })
    candles.clear()
    version.value++ // the empty tile renders now, not at the next frame
    start()
  })
  onBeforeUnmount(() => {
    batch.cancel()
    stop()
  })

  // A new object per frame, so computeds over it see the change.
  return { version, read: () => (void version.value, { ...data }) }
}
