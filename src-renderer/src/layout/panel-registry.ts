// The panels of the main window's workspace, in display order. Each panel's owner adds its entry here; the
// frame lays them out by `area` and never imports a panel by hand.
import type { Component } from 'vue'

export type PanelArea = 'market' | 'order' | 'bottom' | 'side'

export interface PanelEntry {
  id: string
  title: string
  area: PanelArea
  component: () => Promise<Component>
  /** Modules the panel applies to; omitted means all. */
  modules?: readonly ('Spot' | 'Margin' | 'Futures')[]
}

export const PANELS: PanelEntry[] = []
