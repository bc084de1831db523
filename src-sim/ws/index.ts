// Public entry of the market-data WebSocket server.
export { attachMarketWs, CLOSE_PING_TIMEOUT, type MarketWsHandle, type MarketWsOptions } from './market-ws'
export type { Flavor } from './frames'
