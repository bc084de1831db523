// The public host's workflows: valid by the workflow schema (the same check `npm run lint` runs, shown to fail on a
// bad file), and doing what the README says they do: every OS runs the checks and the Electron smoke suite with the
// runtime required; a tag packages every installer, reads the fuses back, and publishes with the update feed.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = resolve(import.meta.dirname, '../../..')
const validate = (dir?: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/validate-workflows.ts', ...(dir ? [dir] : [])], {
    cwd: root,
    encoding: 'utf8'
  })
interface Step {
  name?: string
  run?: string
  uses?: string
  if?: string
  env?: Record<string, string>
}
interface Workflow {
  on: Record<string, unknown>
  jobs: Record<string, { steps?: Step[]; strategy?: { matrix: Record<string, unknown> }; env?: Record<string, string> }>
}
const workflow = (name: string): Workflow =>
  parse(readFileSync(join(root, '.github/workflows', name), 'utf8')) as Workflow
const runs = (steps: Step[] = []): string => steps.map((s) => s.run ?? '').join('\n')

describe('the workflows', () => {
  it('are valid, and the check fails on an invalid one naming it', () => {
    const ok = validate()
    expect(ok.status).toBe(0)
    expect(ok.stdout).toMatch(/workflows: (\d+) of \1 valid/)
    const dir = mkdtempSync(join(tmpdir(), 'cht-wf-'))
    try {
      writeFileSync(
        join(dir, 'broken.yml'),
        'name: x\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz: []\n'
      )
      const bad = validate(dir)
      expect(bad.status).toBe(1)
      expect(bad.stderr).toContain('broken.yml: not a valid workflow')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('CI runs every check and the Electron smoke suite, runtime required, on Linux, macOS and Windows', () => {
    const ci = workflow('ci.yml')
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['push', 'pull_request', 'workflow_call']))
    const job = ci.jobs['test']!
    const oses = job.strategy!.matrix['os'] as string[]
    for (const os of ['ubuntu', 'macos', 'windows']) expect(oses.some((o) => o.startsWith(os))).toBe(true)
    expect(job.env?.['CHT_ELECTRON_REQUIRED']).toBe('1')
    const script = runs(job.steps)
    for (const cmd of ['npm ci', 'electron/install.js', 'npm run typecheck', 'npm run lint', 'npm run build'])
      expect(script).toContain(cmd)
    expect(script).toContain('xvfb-run -a npm test')
    // The smoke suite after the native modules are rebuilt for Electron (keytar loads in the app).
    expect(script.indexOf('install-app-deps')).toBeGreaterThan(script.indexOf('npm test'))
    expect(script.indexOf('npm run test:electron')).toBeGreaterThan(script.indexOf('install-app-deps'))
  })

  it('a version tag packages every installer, reads the fuses back and publishes them with the update feed', () => {
    const rel = workflow('release.yml')
    expect(rel.on).toEqual({ push: { tags: ['v*.*.*'] } })
    const pkg = rel.jobs['package']!
    const targets = (pkg.strategy!.matrix['include'] as { target: string }[]).map((m) => m.target).join(' ')
    // The mac zip is what electron-updater's MacUpdater updates from.
    for (const t of ['AppImage', 'deb', 'dmg', 'zip', 'nsis']) expect(targets).toContain(t)
    const script = runs(pkg.steps)
    expect(script).toContain('electron-builder --config build/electron-builder.yml')
    expect(script).toContain('test/unit/packaging/electron-fuses.test.ts')
    const upload = pkg.steps!.find((s) => s.uses?.startsWith('actions/upload-artifact'))
    expect(JSON.stringify(upload)).toContain('latest*.yml')
    // Signing says what it does either way: signed with the secret, or NOT signed and why.
    expect(script).toMatch(/NOT signed: secret CSC_LINK is not set/)
    expect(script).toMatch(/NOT notarized/)
    const publish = rel.jobs['publish']!.steps!
    expect(runs(publish)).toContain('gh release create')
    // Only the installers: the called CI uploads its test results as artifacts of the same run.
    const download = publish.find((st) => st.uses?.startsWith('actions/download-artifact')) as { with?: object }
    expect(download.with).toMatchObject({ pattern: 'installers-*' })
  })
})
