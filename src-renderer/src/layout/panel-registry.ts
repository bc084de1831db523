// The panels of the main window's workspace, in display order. Each panel's owner adds its entry here; the
// frame lays them out by `area` and never imports a panel by hand.
import type { Component } from 'vue'
import type { Module } from '@shared/module'
import { t } from '../i18n'

export type PanelArea = 'market' | 'order' | 'bottom' | 'side'

export interface PanelEntry {
  id: string
  /** The panel's name in the window's language (a tab, a loading or error message). */
  title: () => string
  area: PanelArea
  component: () => Promise<Component>
  /** Modules the panel applies to; omitted means all. */
  modules?: readonly Module[]
}

export const PANELS: PanelEntry[] = [
  {
    id: 'market-list',
    title: () => t('app.panels.market-list'),
    area: 'side',
    component: () => import('../panels/MarketListPanel.vue')
  },
  {
    id: 'order',
    title: () => t('app.panels.order'),
    area: 'order',
    component: () => import('../panels/OrderPanel.vue')
  },
  {
    id: 'orders',
    title: () => t('app.panels.orders'),
    area: 'bottom',
    component: () => import('../panels/OrdersPanel.vue')
  },
  {
    id: 'positions',
    title: () => t('app.panels.positions'),
    area: 'bottom',
    modules: ['futures'],
    component: () => import('../panels/PositionPanel.vue')
  },
  {
    id: 'account',
    title: () => t('app.panels.account'),
    area: 'bottom',
    component: () => import('../panels/AccountPanel.vue')
  },
  {
    id: 'transfer',
    title: () => t('app.panels.transfer'),
    area: 'bottom',
    component: () => import('../panels/TransferPanel.vue')
  },
  {
    id: 'alerts',
    title: () => t('alerts.title'),
    area: 'bottom',
    component: () => import('../panels/AlertsPanel.vue')
  },
  {
    id: 'algos',
    title: () => t('algoUi.title'),
    area: 'bottom',
    component: () => import('../panels/AlgosPanel.vue')
  },
  {
    id: 'pnl',
    title: () => t('pnl.title'),
    area: 'bottom',
    component: () => import('../panels/PnlPanel.vue')
  },
  {
    id: 'market',
    title: () => t('app.panels.market'),
    area: 'market',
    component: () => import('../panels/MarketPanel.vue')
  }
]
