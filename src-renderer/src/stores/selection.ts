import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Module } from '@shared/module'

/**
 * What the user is looking at and what they picked: the market of the workspace, and a price clicked in the
 * order book (the order form takes it). Shared by the market, order and frame panels.
 */
export const useSelectionStore = defineStore('selection', () => {
  const module = ref<Module>('spot')
  /** Spot symbol (btcusdt) or futures contract (E-BTC-USDT). */
  const symbol = ref('btcusdt')
  /** Last price clicked in the book, with a counter so clicking the same price twice still notifies. */
  const pickedPrice = ref<{ price: string; seq: number } | null>(null)
  let seq = 0
  function selectMarket(m: Module, s: string): void {
    module.value = m
    symbol.value = s
  }
  function pickPrice(price: string): void {
    pickedPrice.value = { price, seq: ++seq }
  }
  return { module, symbol, pickedPrice, selectMarket, pickPrice }
})
