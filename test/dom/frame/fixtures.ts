// Views the frame's tests answer with.
import type { ContractView, SpotSymbolView, TickerView } from '@shared/ipc/views/market'
import type { ProfilesView, ProfileView } from '@shared/ipc/views/profiles'
import type { StatusView } from '@shared/ipc/views/status'

export const spot = (symbol: string, base: string, pricePrecision = 2): SpotSymbolView => ({
  symbol,
  baseAsset: base,
  quoteAsset: 'USDT',
  pricePrecision,
  quantityPrecision: 4,
  limitPriceMin: '0.01',
  limitVolumeMin: '0.0001',
  marketBuyMin: '1',
  marketSellMin: '0.0001'
})
export const SPOT = [spot('btcusdt', 'BTC'), spot('ethusdt', 'ETH'), spot('dogeusdt', 'DOGE', 5)]

export const contract = (symbol: string): ContractView => ({
  symbol,
  status: 1,
  type: 'E',
  side: 1,
  multiplier: '0.001',
  multiplierCoin: symbol.split('-')[1]!,
  pricePrecision: 1,
  minOrderVolume: '1',
  minOrderMoney: '1',
  maxMarketVolume: '1000',
  maxMarketMoney: '1000000',
  maxLimitVolume: '1000',
  maxLimitMoney: '1000000',
  maxValidOrder: 100
})
export const FUTURES = [contract('E-BTC-USDT'), contract('E-ETH-USDT')]

export const ticker = (symbol: string, close: string, rose: string | null = '0.0123', vol = '10'): TickerView => ({
  symbol,
  close,
  open: null,
  high: close,
  low: close,
  vol,
  amount: null,
  rose,
  ts: 1
})

export const PAPER: ProfileView = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Embedded exchange (paper)',
  kind: 'embedded',
  baseUrl: 'embedded://local',
  wsSpotUrl: 'embedded://local',
  wsFuturesUrl: 'embedded://local',
  allowUnencrypted: false,
  createdAt: '2025-01-01T00:00:00.000Z'
}
export const REMOTE: ProfileView = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Venue X',
  kind: 'remote',
  baseUrl: 'https://api.x.test',
  wsSpotUrl: 'wss://ws.x.test/spot',
  wsFuturesUrl: 'wss://ws.x.test/futures',
  allowUnencrypted: false,
  createdAt: '2025-01-02T00:00:00.000Z'
}
export const profilesView = (
  profiles: ProfileView[] = [PAPER],
  activeProfileId: string | null = PAPER.id
): ProfilesView => ({ profiles, activeProfileId, recovery: null })

export function status(patch: Partial<StatusView> = {}): StatusView {
  return {
    profileId: PAPER.id,
    at: Date.now(),
    feeds: [
      { module: 'spot', state: 'open', lastFrameAt: Date.now(), reconnects: 0, lastError: null, channels: 3 },
      { module: 'futures', state: 'idle', lastFrameAt: null, reconnects: 0, lastError: null, channels: 0 }
    ],
    rest: { lastLatencyMs: 12, avgLatencyMs: 14.4, lastOkAt: Date.now(), lastError: null },
    clock: { offsetMs: -3, rttMs: 8, synced: true },
    rateBudget: {
      maxUse: 0.25,
      queuedUser: 0,
      queuedBackground: 1,
      rateLimited: 0,
      buckets: [{ endpointId: 'spot.ticker', used: 5, planned: 20, windowMs: 1000 }]
    },
    polling: { multiplier: 1, reason: null },
    ...patch
  }
}
