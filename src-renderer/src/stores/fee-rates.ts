// Fee rates per market of the window's profile, learned from the trader's own recent fills (fee-rate.ts): the
// confirmation estimates an order's fee with them. Read once per market and again after each fill told; a switch
// of profile forgets them all.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Module } from '@shared/module'
import { mul } from '@shared/decimal'
import { feeRates, type FeeRates } from '@shared/trading/fee-rate'
import { contractValue } from '@shared/trading/order-rules'
import { useInstrumentsStore } from './instruments'
import { onProfileSwitch } from './profile-scope'
import { useRecordsStore } from './records'

export const useFeeRatesStore = defineStore('fee-rates', () => {
  const records = useRecordsStore()
  const instruments = useInstrumentsStore()
  /** `spot:btcusdt` -> rates; absent while unread, null maker/taker when no such fill exists. */
  const rates = ref<Record<string, FeeRates>>({})

  async function load(module: Module, symbol: string): Promise<void> {
    try {
      const fills = await records.read('account.trades', { module, symbol, limit: 50 } as never)
      const c = module === 'futures' ? instruments.contractOf(symbol) : undefined
      const s = module === 'futures' ? undefined : instruments.symbolOf(symbol)
      const valueOf = (price: string, qty: string): string => (c ? contractValue(c, qty, price) : mul(price, qty))
      rates.value = { ...rates.value, [`${module}:${symbol}`]: feeRates(fills, s?.baseAsset ?? null, valueOf) }
    } catch {
      // No fills readable (no keys, the venue down): no estimate, which the confirmation says.
    }
  }
  const of = (module: Module, symbol: string): FeeRates | undefined => rates.value[`${module}:${symbol}`]
  onProfileSwitch(() => (rates.value = {}))
  return { rates, load, of }
})
