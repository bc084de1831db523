// What the layouts menu may ask of the workspace's dockview (Workspace.vue provides it; the menu is mounted by
// dockview in a group's header, under the workspace, so it injects it).
import type { InjectionKey, Ref } from 'vue'
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

export const DOCK_CONTROL: InjectionKey<DockControl> = Symbol('dock-control')
