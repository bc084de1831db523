// The registered panels (panel-registry.ts) as dockview panels: one dockview component per registry entry, the
// default arrangement (market list left, the market centre, order entry right, the bottom panels as tabs below, as
// the workspace always was), a stored arrangement checked against the registry before it is laid out, and the
// panels of the selected module kept in it (another module's panels leave; the module's own come back to their area).
import { defineComponent, h, onBeforeUnmount, ref, type Component, type PropType } from 'vue'
import type { DockviewApi, DockviewPanelApi, IDockviewPanel } from 'dockview-vue'
import type { Module } from '@shared/module'
import { panelParams, type DockLayout } from '@shared/ipc/schemas/preferences-layouts'
import type { AppPreferences } from '@shared/ipc/schemas/preferences'
import type { Words } from '@shared/i18n/words'
import { t } from '../i18n'
import { marketLabel } from '../lib/market-label'
import { useInstrumentsStore } from '../stores/instruments'
import PanelHost from './PanelHost.vue'
import { PANELS, type PanelArea, type PanelEntry } from './panel-registry'
import { ORDER_MIN_WIDTH } from './layout-sizes'

/** A market panel's own market (a chart of a multi-chart layout); none follows the workspace's selection. */
export type PanelParams = {
  module?: Module
  symbol?: string
}
/** Market panels at most in one layout (the workspace's own and the charts added). */
export const MAX_CHARTS = 4

const entryOf = (component: string): PanelEntry | undefined => PANELS.find((p) => p.id === component)

/** A pinned chart's market as the windows name it (BTC/USDT, BTC/USDT perpetual), or its symbol before the list. */
export function chartMarketName(module: Module, symbol: string): string {
  const named = marketLabel(module, symbol, (s) => useInstrumentsStore().symbolOf(s))
  return named === symbol ? symbol.toUpperCase() : named
}

/** A panel's title in the window's language: the registry's, or a pinned chart's market. */
export function titleOf(component: string, params: PanelParams | undefined): string {
  if (params?.symbol)
    return t('layouts.chartTitle', { market: chartMarketName(params.module ?? 'spot', params.symbol) })
  return entryOf(component)?.title() ?? component
}

/**
 * dockview's components, by registry id: each renders its entry in a PanelHost with the panel's parameters, only while
 * it is the shown tab of its group. dockview keeps a hidden tab's component alive; mounted again when shown, a panel
 * reads afresh what it reads on opening (the PnL figures, the order and funds histories), as the tabs always did.
 */
export const dockComponents: Record<string, Component> = Object.fromEntries(
  PANELS.map((entry) => [
    entry.id,
    defineComponent({
      name: `dock-${entry.id}`,
      props: {
        params: { type: Object as PropType<{ params?: PanelParams; api?: DockviewPanelApi }>, required: true }
      },
      setup(props) {
        const api = props.params.api
        const shown = ref(api?.isVisible ?? true)
        const sub = api?.onDidVisibilityChange((e) => (shown.value = e.isVisible))
        onBeforeUnmount(() => sub?.dispose())
        return () => (shown.value ? h(PanelHost, { panel: entry, props: props.params.params ?? {} }) : null)
      }
    })
  ])
)

const add = (api: DockviewApi, p: PanelEntry, position?: Parameters<DockviewApi['addPanel']>[0]['position']) =>
  api.addPanel({ id: p.id, component: p.id, title: p.title(), ...(position ? { position } : {}), inactive: true })

/** The default arrangement of `shown`, sized as the old workspace was (`sizes`, main's layout preference). */
export function layDefault(api: DockviewApi, shown: readonly PanelEntry[], sizes: AppPreferences['layout']): void {
  api.clear()
  const of = (a: PanelArea) => shown.filter((p) => p.area === a)
  const [market, side, order, bottom] = [of('market'), of('side'), of('order'), of('bottom')]
  const anchor = market[0] ?? side[0] ?? order[0] ?? bottom[0]
  if (!anchor) return
  const first = add(api, anchor)
  for (const p of market.slice(1)) add(api, p, { referencePanel: first.id, direction: 'right' })
  let sideFirst: IDockviewPanel | undefined
  for (const p of side.filter((p) => p !== anchor))
    sideFirst = sideFirst ? add(api, p, { referencePanel: sideFirst.id }) : add(api, p, { direction: 'left' })
  let bottomFirst: IDockviewPanel | undefined
  for (const p of bottom.filter((p) => p !== anchor))
    bottomFirst = bottomFirst
      ? add(api, p, { referencePanel: bottomFirst.id })
      : add(api, p, { referencePanel: first.id, direction: 'below' })
  let orderFirst: IDockviewPanel | undefined
  for (const p of order.filter((p) => p !== anchor))
    orderFirst = orderFirst
      ? add(api, p, { referencePanel: orderFirst.id })
      : add(api, p, { referencePanel: market.at(-1)?.id ?? first.id, direction: 'right' })
  sideFirst?.group.api.setSize({ width: sizes.side })
  orderFirst?.group.api.setSize({ width: sizes.order })
  bottomFirst?.group.api.setSize({ height: sizes.bottom })
  for (const g of api.groups) g.panels[0]?.api.setActive()
  first.api.setActive()
  holdOrderWidth(api)
}

/**
 * Why a stored arrangement cannot be laid out here, or null: every panel must be a registered one (by its component)
 * with valid parameters, and only market panels may be more than one.
 */
export function layoutProblem(layout: DockLayout): Words | null {
  for (const [id, p] of Object.entries(layout.panels)) {
    const panel = { panel: id }
    if (!entryOf(p.contentComponent))
      return { key: 'layouts.problems.unknownPanel', params: { panel: p.contentComponent } }
    if (id !== p.id) return { key: 'layouts.problems.storedAs', params: { ...panel, as: p.id } }
    if (p.contentComponent !== 'market' && id !== p.contentComponent)
      return { key: 'layouts.problems.notItsPanel', params: { ...panel, component: p.contentComponent } }
    if (p.params !== undefined && !panelParams.safeParse(p.params).success)
      return { key: 'layouts.problems.badParams', params: panel }
  }
  return null
}

/** Keeps the panels of the module shown: another module's leave, the module's own missing ones join their area. */
export function syncPanels(api: DockviewApi, shown: readonly PanelEntry[]): void {
  const ids = new Set(shown.map((p) => p.id))
  for (const panel of [...api.panels]) {
    const component = panel.api.component
    if (!ids.has(component)) api.removePanel(panel)
  }
  for (const p of shown) {
    if (api.getPanel(p.id) || (p.area === 'market' && api.panels.some((x) => x.api.component === 'market'))) continue
    const sibling = api.panels.find((x) => entryOf(x.api.component)?.area === p.area)
    if (sibling) add(api, p, { referencePanel: sibling.id })
    else add(api, p, { direction: p.area === 'side' ? 'left' : p.area === 'order' ? 'right' : 'below' })
  }
  holdOrderWidth(api)
}

/**
 * The order column keeps its width when charts are added beside the market (three more at 1280x720 cut the order
 * form and its submit button off the window's edge): its group's minimum, on every arrangement, stored ones too.
 */
export function holdOrderWidth(api: DockviewApi): void {
  for (const p of api.panels)
    if (entryOf(p.api.component)?.area === 'order') p.group.api.setConstraints({ minimumWidth: ORDER_MIN_WIDTH })
}

/** Titles follow the window's language (a stored arrangement holds the words of when it was saved). */
export function retitle(api: DockviewApi): void {
  for (const p of api.panels) p.api.setTitle(titleOf(p.api.component, p.params as PanelParams | undefined))
}
