// A market's size preset (what a ladder click, one-click trading and the trading hotkeys send) read and checked as the
// order rules check a limit order's size: read exactly as typed (src-shared/trading/number-input.ts), then greater
// than zero, on the market's size step and at least its limit minimum, in the rules' own words
// (src-shared/trading/refusal.ts), so the field says what the order form would say of the same size.
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import { contractMarketName, spotMarketName } from '@shared/trading/market-name'
import { readNumber, type NumberReading } from '@shared/trading/number-input'
import { volumeDecimals } from '@shared/trading/order-rules'
import { amount, atLeast, decimals, refusalOf, whatKey } from '@shared/trading/refusal'

/** `text` as a size of `market` (its rules unknown yet: read and greater than zero only). */
export function readSizePreset(text: string, market: SpotSymbolView | ContractView | undefined): NumberReading {
  const r = readNumber(text, 'volume', whatKey('size'))
  if (!r.ok) return r
  const field = 'volume'
  const spot = market && 'quantityPrecision' in market ? market : undefined
  const contract = market && !spot ? (market as ContractView) : undefined
  const refusal = refusalOf(() => {
    const v = amount(r.value, field, 'size')
    if (spot) {
      const [m, unit] = [spotMarketName(spot), { coin: spot.baseAsset }]
      decimals(v, spot.quantityPrecision, field, 'size', m, 'quantityPrecision', unit)
      atLeast(v, spot.limitVolumeMin, field, 'size', m, 'limitVolumeMin', { unit, scope: 'limit' })
    } else if (contract) {
      const m = contractMarketName(contract.symbol)
      decimals(v, volumeDecimals(contract), field, 'size', m, 'minOrderVolume', 'contracts')
      atLeast(v, contract.minOrderVolume, field, 'size', m, 'minOrderVolume', { unit: 'contracts' })
    }
  }, contract?.symbol)
  return refusal ? { ok: false, refusal } : r
}
