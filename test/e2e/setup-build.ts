// Global setup for the `e2e` project: builds the renderer so the tests run against fresh production output.
// Only the renderer is built (main and preload are not loaded here), with the exact renderer config that
// `electron-vite build` resolves, so the output is byte for byte what the app ships. It goes to a folder of this
// run's own: vite empties its output folder first, so a second run in the same tree (another session, a bench)
// building into out/renderer would pull the files from under this run's pages.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { resolveConfig } from 'electron-vite'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the built renderer (holds index.html). */
    rendererDir: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = resolve(import.meta.dirname, '../..')
  const { config } = await resolveConfig({ root, logLevel: 'warn' }, 'build', 'production')
  if (!config?.renderer) throw new Error('electron.vite.config.ts has no renderer config')
  const outDir = mkdtempSync(join(tmpdir(), 'chtrader-e2e-renderer-'))
  await build({ ...config.renderer, logLevel: 'warn', build: { ...config.renderer.build, outDir, emptyOutDir: true } })

  if (!existsSync(resolve(outDir, 'index.html'))) throw new Error(`renderer build wrote no ${outDir}/index.html`)
  project.provide('rendererDir', outDir)
  return () => rmSync(outDir, { recursive: true, force: true })
}
