import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { followLanguage, i18n } from './i18n'
import { PANELS } from './layout/panel-registry'
import { parseRoute } from './layout/routes'
import { openingMarket, warmBook } from './services/warm-book'
import { usePreferencesStore } from './stores/preferences'
import './styles/theme.css'
import './styles/base.css'

// The chunks of the panels the main window shows first (the book, the order form, the market list) are fetched
// while main answers the preferences, not once the workspace asks for them (the others load as it does).
if (parseRoute(location.hash).kind === 'main')
  for (const p of PANELS)
    if (p.id === 'market' || p.id === 'order' || p.id === 'market-list') p.component().catch(() => undefined)

const pinia = createPinia()
// Main's preferences before the first paint: the theme, the layout and the last market are right from the start.
const prefs = usePreferencesStore(pinia)
void prefs.load().then(() => {
  const market = openingMarket(location.hash, prefs)
  if (market) warmBook(market, prefs.profileId)
  followLanguage(() => prefs.language)
  createApp(App).use(pinia).use(i18n).mount('#app')
})
