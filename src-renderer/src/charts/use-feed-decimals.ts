// The price decimals (the tick) of a market panel's instrument: the spot symbol's or the futures contract's, 8 while
// the instruments are still loading.
import { computed, type ComputedRef } from 'vue'
import { useInstrumentsStore } from '../stores/instruments'
import type { MarketFeed } from '../stores/market-panels'

export function useFeedDecimals(feed: () => Pick<MarketFeed, 'gateway' | 'symbol'>): ComputedRef<number> {
  const instruments = useInstrumentsStore()
  return computed(() => {
    const { gateway, symbol } = feed()
    const info = gateway === 'futures' ? instruments.contractOf(symbol) : instruments.symbolOf(symbol)
    return info?.pricePrecision ?? 8
  })
}
