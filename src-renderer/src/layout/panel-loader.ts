// Registered panels load on demand (their own chunks): one async component per panel id, with a skeleton while
// the chunk loads, two quiet retries for a flaky load, then an error panel with a way out.
import { defineAsyncComponent, h, type Component } from 'vue'
import PanelError from '../components/PanelError.vue'
import PanelLoading from '../components/PanelLoading.vue'
import { t } from '../i18n'
import type { PanelEntry } from './panel-registry'

const cache = new Map<string, Component>()

export function panelComponent(entry: PanelEntry): Component {
  let c = cache.get(entry.id)
  if (!c) {
    c = defineAsyncComponent({
      loader: entry.component,
      loadingComponent: {
        render: () => h(PanelLoading, { label: t('app.panel.loadingOf', { panel: entry.title() }) })
      },
      errorComponent: {
        props: ['error'],
        render: (p: { error?: Error }) => h(PanelError, { error: p.error, title: entry.title() })
      },
      delay: 100,
      timeout: 30_000,
      onError: (error, retry, fail, attempts) => (attempts <= 2 ? setTimeout(retry, 300 * attempts) : fail())
    })
    cache.set(entry.id, c)
  }
  return c
}
