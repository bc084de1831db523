// Builds the render bench's page (bench/ui/page) into a temporary folder, for render.bench.ts and profile.ts.
import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { build } from 'vite'

export const ROOT = resolve(import.meta.dirname, '../..')

/**
 * `minify: false` keeps function names readable in profiles. UI_BENCH_PAGE names a page built before (to compare
 * builds run for run, e.g. the last commit's page against the working tree's): a copy of it is used, as the callers
 * delete the page when done.
 */
export async function buildPage(minify = true): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chtrader-ui-bench-'))
  const prebuilt = process.env['UI_BENCH_PAGE']
  if (prebuilt) {
    await cp(prebuilt, dir, { recursive: true })
    return dir
  }
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
