// Builds the render bench's page (bench/ui/page) into a temporary folder, for render.bench.ts and profile.ts.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { build } from 'vite'

export const ROOT = resolve(import.meta.dirname, '../..')

/** `minify: false` keeps function names readable in profiles. */
export async function buildPage(minify = true): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chtrader-ui-bench-'))
  await build({
    root: resolve(ROOT, 'bench/ui/page'),
    base: './',
    configFile: false,
    logLevel: 'error',
    plugins: [vue()],
    resolve: { alias: { '@shared': resolve(ROOT, 'src-shared') } },
    build: { outDir: dir, emptyOutDir: true, chunkSizeWarningLimit: 4000, minify }
  })
  return dir
}
