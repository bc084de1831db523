import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { followLanguage, i18n } from './i18n'
import { usePreferencesStore } from './stores/preferences'
import './styles/theme.css'
import './styles/base.css'

const pinia = createPinia()
// Main's preferences before the first paint: the theme, the layout and the last market are right from the start.
const prefs = usePreferencesStore(pinia)
void prefs.load().then(() => {
  followLanguage(() => prefs.language)
  createApp(App).use(pinia).use(i18n).mount('#app')
})
