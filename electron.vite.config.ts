import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

const alias = { '@shared': resolve(import.meta.dirname, 'src-shared') }
/** vue-i18n's build flags: the composition API only, messages compiled without eval (the CSP allows none). */
export const i18nFlags = {
  __VUE_I18N_FULL_INSTALL__: 'true',
  __VUE_I18N_LEGACY_API__: 'false',
  __INTLIFY_PROD_DEVTOOLS__: 'false',
  __INTLIFY_JIT_COMPILATION__: 'true',
  __INTLIFY_DROP_MESSAGE_COMPILER__: 'false'
}

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // web: the browser host's server; `npm run web` runs out/main/web.js with plain node (nothing compiled at
        // start). What both entries share (the terminal core) goes to one chunk beside them, not under chunks/:
        // the core finds package.json two folders up from its own file.
        input: {
          index: resolve(import.meta.dirname, 'src-main/index.ts'),
          web: resolve(import.meta.dirname, 'scripts/web.ts')
        },
        output: { chunkFileNames: '[name]-[hash].js' }
      }
    }
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src-preload/index.ts') },
        // Sandboxed preloads cannot be ES modules.
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    resolve: { alias },
    plugins: [vue()],
    define: i18nFlags,
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') } }
    }
  }
})
