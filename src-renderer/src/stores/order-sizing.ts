// What the order form's size stands on: the free balance (spot), the free futures margin, or the position a close
// reduces, with its unit; and the size a share of it makes (the slider's percent), or why the slider cannot size
// this order. Exact decimals only.
import { computed, type ComputedRef, type Ref } from 'vue'
import { compare, div, formatFixed, isDecimalText, mul, sub } from '@shared/decimal'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import type { Module } from '@shared/module'
import { volumeDecimals } from '@shared/trading/order-rules'
import { contractsFor, shareOf } from '@shared/trading/sizing'
import { t } from '../i18n'
import { useAccountStore } from './account'
import { usePositionsStore } from './positions'

export interface SizingInputs {
  module: ComputedRef<Module>
  spot: ComputedRef<SpotSymbolView | undefined>
  contract: ComputedRef<ContractView | undefined>
  side: Ref<'BUY' | 'SELL'>
  type: Ref<'LIMIT' | 'MARKET'>
  open: Ref<'OPEN' | 'CLOSE'>
  priceValue: ComputedRef<string>
  mark: ComputedRef<string | undefined>
  /** The leverage as read from its field, '' while it cannot be read: never the raw text (" ２０", "abc"). */
  leverage: ComputedRef<string>
  sizeDecimals: ComputedRef<number>
  marginCoin: ComputedRef<string>
}

export function useOrderSizing(o: SizingInputs) {
  const account = useAccountStore()
  const positions = usePositionsStore()
  const { module, spot, contract, side, type, open, priceValue, mark, leverage, sizeDecimals, marginCoin } = o

  /** The position a CLOSE order reduces: a SELL closes the long. */
  const closing = computed(() =>
    contract.value ? positions.positionOf(contract.value.symbol, side.value === 'SELL' ? 'BUY' : 'SELL') : undefined
  )

  /**
   * What the slider's 100% stands on, with its unit: free balance, futures margin, or the position to close ('Cont':
   * contracts, named in words where it is shown).
   */
  const available = computed<{ amount: string; unit: string } | null>(() => {
    const s = spot.value
    if (s && module.value === 'spot') {
      const asset = side.value === 'BUY' ? s.quoteAsset : s.baseAsset
      const free = account.free(asset)
      return free === undefined ? null : { amount: free, unit: asset }
    }
    const c = contract.value
    if (!c) return null
    if (open.value === 'CLOSE')
      return closing.value ? { amount: closing.value.volume, unit: 'Cont' } : { amount: '0', unit: 'Cont' }
    const a = account.futuresAccount?.find((x) => x.marginCoin === marginCoin.value)
    if (!a) return null
    const free = sub(sub(a.accountNormal, a.totalPositionNormal), a.accountLock)
    return { amount: compare(free, '0') > 0 ? free : '0', unit: a.marginCoin }
  })

  /** The size at `pct` percent of what is available, or a reason why the slider cannot size this order. */
  function sizeAt(pct: number): string | { why: string } {
    const avail = available.value
    if (module.value === 'margin') return { why: t('order.check.noMarginBalance') }
    if (!avail) return { why: t('order.check.balanceNotLoaded') }
    const p = type.value === 'LIMIT' ? priceValue.value : module.value === 'futures' ? (mark.value ?? '') : ''
    const needsPrice =
      module.value === 'futures'
        ? open.value === 'OPEN' && (type.value === 'LIMIT' || contract.value?.side === 0)
        : side.value === 'BUY' && type.value === 'LIMIT'
    if (needsPrice && !(isDecimalText(p, { allowNegative: false }) && compare(p, '0') > 0))
      return { why: t('order.check.needsPrice') }
    const s = spot.value
    if (s)
      return needsPrice
        ? div(mul(avail.amount, String(pct)), mul(p, '100'), s.quantityPrecision, 'down')
        : shareOf(avail.amount, pct, sizeDecimals.value)
    const c = contract.value!
    if (open.value === 'CLOSE') return shareOf(avail.amount, pct, volumeDecimals(c))
    if (!leverage.value) return { why: t('order.rule.leverage') }
    const margin = mul(shareOf(avail.amount, pct, 8), leverage.value)
    if (type.value === 'LIMIT') return contractsFor(c, margin, p)
    return c.side === 1 ? formatFixed(margin, 2, 'down') : formatFixed(mul(margin, p), 0, 'down')
  }

  return { closing, available, sizeAt }
}
