// dockview's tab elements (role="tab", made by dockview) carry the workspace's test ids (their DOM ids stay
// dockview's, which its tabpanels name): a bottom panel's tab is `bottom-tab-<id>` wherever it is docked, any other
// panel's `panel-tab-<id>`. Stamped after each change of
// the layout, since dockview makes a new tab element when a panel moves to another group.
import { PANELS } from './panel-registry'

export const tabTestId = (id: string, component: string): string =>
  PANELS.find((p) => p.id === component)?.area === 'bottom' ? `bottom-tab-${id}` : `panel-tab-${id}`

export function stampTabs(root: HTMLElement): void {
  for (const inner of root.querySelectorAll<HTMLElement>('.dock-tab[data-tab-for]')) {
    const tab = inner.closest<HTMLElement>('.dv-tab')
    if (!tab) continue
    const id = inner.dataset['tabFor']!
    if (tab.dataset['testid'] !== id) tab.dataset['testid'] = id
    tab.dataset['closable'] = inner.dataset['closable'] ?? 'false'
  }
}
