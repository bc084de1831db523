// Builds the render bench's page (bench/ui/page) into a temporary folder, for render.bench.ts and profile.ts.
// The build runs in a child process: run here, vite's garbage stayed in the measuring process, and V8's memory
// reducer then ran parallel mark-compacts on both cores seconds later, inside the measured window (perf sched: the
// page's main thread runnable but waiting 34 ms while this process's GC threads held the cores).
import { execFile } from 'node:child_process'
import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(import.meta.dirname, '../..')
const SELF = fileURLToPath(import.meta.url)

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
  // The same node and loader (tsx's --require/--import) as this process, running this file's build below; not a
  // debugger or profiler flag this process may carry (--inspect-brk would wait for ever, --cpu-prof leave a file).
  const loader = process.execArgv.filter((a) => !/^--(inspect|cpu-prof|heap-prof|prof)/.test(a))
  await new Promise<void>((ok, fail) =>
    execFile(
      process.execPath,
      [...loader, SELF, dir, minify ? 'minify' : 'plain'],
      { cwd: ROOT },
      (error, _out, err) => (error ? fail(new Error(`building the bench page failed: ${err || error.message}`)) : ok())
    )
  )
  return dir
}

async function build(outDir: string, minify: boolean): Promise<void> {
  const [{ default: vue }, { build: viteBuild }] = await Promise.all([import('@vitejs/plugin-vue'), import('vite')])
  await viteBuild({
    root: resolve(ROOT, 'bench/ui/page'),
    base: './',
    configFile: false,
    logLevel: 'error',
    plugins: [vue()],
    resolve: { alias: { '@shared': resolve(ROOT, 'src-shared') } },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000, minify }
  })
}

if (process.argv[1] && resolve(process.argv[1]) === SELF) {
  const [outDir, mode] = process.argv.slice(2)
  if (!outDir) throw new Error('usage: build-page.ts OUT_DIR [minify|plain]')
  await build(outDir, mode !== 'plain')
}
