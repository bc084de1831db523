import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { usePreferencesStore } from './stores/preferences'
import './styles/theme.css'
import './styles/base.css'

const pinia = createPinia()
// Main's preferences before the first paint: the theme, the layout and the last market are right from the start.
void usePreferencesStore(pinia)
  .load()
  .then(() => createApp(App).use(pinia).mount('#app'))
