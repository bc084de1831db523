// What the layouts menu may ask of the workspace's dockview. The menu sits in the top bar, beside the workspace
// rather than under it, so the workspace publishes its control here while it is mounted (null otherwise).
import { shallowRef, type Ref } from 'vue'
import type { DockLayout } from '@shared/ipc/schemas/preferences-layouts'

export interface DockControl {
  /** The arrangement shown now, as main keeps it. */
  snapshot(): DockLayout | null
  /** Lays a stored arrangement out; false (the default shown, the user told) when it cannot be. */
  lay(layout: DockLayout): boolean
  /** The default arrangement. */
  reset(): void
  /** A chart of the workspace's selected market, beside the market panel; false when the layout holds the most. */
  addChart(): boolean
  /** The market (upper case, as the chart's title) a chart added now would show. */
  chartMarket: Ref<string>
}

export const dockControl = shallowRef<DockControl | null>(null)
