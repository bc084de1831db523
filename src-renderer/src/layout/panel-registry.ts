// The panels of the main window's workspace, in display order. Each panel's owner adds its entry here; the
// frame lays them out by `area` and never imports a panel by hand.
import type { Component } from 'vue'
import type { Module } from '@shared/module'

export type PanelArea = 'market' | 'order' | 'bottom' | 'side'

export interface PanelEntry {
  id: string
  title: string
  area: PanelArea
  component: () => Promise<Component>
  /** Modules the panel applies to; omitted means all. */
  modules?: readonly Module[]
}

export const PANELS: PanelEntry[] = [
  { id: 'market-list', title: 'Markets', area: 'side', component: () => import('../panels/MarketListPanel.vue') },
  { id: 'order', title: 'Order', area: 'order', component: () => import('../panels/OrderPanel.vue') },
  { id: 'orders', title: 'Orders', area: 'bottom', component: () => import('../panels/OrdersPanel.vue') },
  {
    id: 'positions',
    title: 'Positions',
    area: 'bottom',
    modules: ['futures'],
    component: () => import('../panels/PositionPanel.vue')
  },
  { id: 'account', title: 'Account', area: 'bottom', component: () => import('../panels/AccountPanel.vue') },
  { id: 'transfer', title: 'Transfer', area: 'bottom', component: () => import('../panels/TransferPanel.vue') },
  { id: 'market', title: 'Market', area: 'market', component: () => import('../panels/MarketPanel.vue') }
]
