// An algorithm as main shows it (AlgoView), for the Algo tab's and the Algorithms panel's tests.
import type { AlgoChildView, AlgoView } from '@shared/ipc/views/algos'
import { PAPER } from '../frame/fixtures'

export const algoView = (o: Partial<AlgoView> = {}): AlgoView => ({
  id: '0b8f6c52-6a1f-4c39-9a57-2d2a7a0f0001',
  profileId: PAPER.id,
  kind: 'stop-limit',
  module: 'spot',
  symbol: 'btcusdt',
  side: 'SELL',
  quantity: '0.5',
  limitPrice: null,
  triggerPrice: '60000',
  stopLimitPrice: '59900',
  trailPercent: null,
  takeProfitPrice: null,
  visibleQuantity: null,
  durationSeconds: null,
  slices: null,
  jitter: null,
  schedule: null,
  fromPrice: null,
  toPrice: null,
  orders: null,
  sizing: null,
  sizeFactor: null,
  levels: null,
  maxDistancePercent: null,
  intervalSeconds: null,
  anchor: null,
  chaseBound: null,
  trailingStop: null,
  fireLate: false,
  state: 'waiting',
  filled: '0',
  children: [],
  next: { key: 'algos.next.trigger', params: { side: 'algoUi.sides.SELL', trigger: '60000' } },
  triggered: null,
  missed: null,
  reason: null,
  editable: [],
  edits: [],
  createdAt: Date.UTC(2026, 0, 1),
  updatedAt: Date.UTC(2026, 0, 1),
  endedAt: null,
  ...o
})

/** A working futures iceberg opening a long, its limit price and visible quantity editable. */
export const futuresIceberg = (o: Partial<AlgoView> = {}): AlgoView =>
  algoView({
    kind: 'iceberg',
    module: 'futures',
    symbol: 'E-BTC-USDT',
    open: 'OPEN',
    positionType: 1,
    side: 'BUY',
    quantity: '10',
    limitPrice: '60000',
    triggerPrice: null,
    stopLimitPrice: null,
    visibleQuantity: '2',
    state: 'working',
    editable: ['limitPrice', 'visibleQuantity'],
    ...o
  })

export const childView = (o: Partial<AlgoChildView> = {}): AlgoChildView => ({
  clientOrderId: 'cht-algo-1',
  orderId: '9007199254740993',
  role: 'stop',
  side: 'SELL',
  type: 'LIMIT',
  volume: '0.5',
  price: '59900',
  state: 'final',
  filled: '0.5',
  status: 'FILLED',
  slice: null,
  level: null,
  ...o
})
