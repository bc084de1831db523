// Global setup for the `e2e` project: builds the renderer so the tests run against fresh production output.
// Only the renderer is built (main and preload are not loaded here), with the exact renderer config that
// `electron-vite build` resolves, so the output is byte for byte what the app ships.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { resolveConfig } from 'electron-vite'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the built renderer (holds index.html). */
    rendererDir: string
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const root = resolve(import.meta.dirname, '../..')
  const { config } = await resolveConfig({ root, logLevel: 'warn' }, 'build', 'production')
  if (!config?.renderer) throw new Error('electron.vite.config.ts has no renderer config')
  await build({ ...config.renderer, logLevel: 'warn' })

  const outDir = resolve(config.renderer.root ?? root, config.renderer.build?.outDir ?? 'out/renderer')
  if (!existsSync(resolve(outDir, 'index.html'))) throw new Error(`renderer build wrote no ${outDir}/index.html`)
  project.provide('rendererDir', outDir)
}
