// build/electron-builder.yml, checked offline with electron-builder's own loader, schema validator and file
// matcher (the code paths `electron-builder --config build/electron-builder.yml` runs), plus our packaging policy.
import { readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Configuration, PlatformSpecificBuildOptions } from 'app-builder-lib'
import type { FilterStats } from 'builder-util/out/fs.js'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js'
import { getFileMatchers } from 'app-builder-lib/out/fileMatcher.js'
import * as packageMetadata from 'app-builder-lib/out/util/packageMetadata.js'

const root = resolve(import.meta.dirname, '../../..')
const configPath = 'build/electron-builder.yml'
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string>>
const silent = { isEnabled: false, add() {} } as unknown as Parameters<typeof validateConfiguration>[1]

/** electron-builder's validator coerces types in place, so each check validates its own copy. */
const validate = (c: Configuration): Promise<void> => validateConfiguration(structuredClone(c), silent)

/** Target names of one platform, whatever form (string, object, list) the config uses. */
function targetNames(options: PlatformSpecificBuildOptions | null | undefined): string[] {
  const t = options?.target
  const list = t == null ? [] : Array.isArray(t) ? t : [t]
  return list.map((x) => (typeof x === 'string' ? x : x.target))
}

describe('electron-builder config', () => {
  let config: Configuration
  beforeAll(async () => {
    config = await getConfig(root, configPath, null)
  })

  it('passes electron-builder schema validation', async () => {
    await expect(validate(config)).resolves.toBeUndefined()
  })

  it('is rejected when it carries an unknown key, at the root or nested', async () => {
    await expect(validate({ ...config, notAnOption: true } as Configuration)).rejects.toThrow(/notAnOption/)
    // A nested typo fails its platform block as a whole (mac must be a MacConfiguration or null).
    const typo = { ...config, mac: { ...config.mac, hardenedRuntim: true } } as Configuration
    await expect(validate(typo)).rejects.toThrow(/configuration\.mac\b/)
  })

  it('writes to release/ from build/ resources and ships only the bundles', () => {
    expect(config.appId).toBe('io.chtrader.terminal')
    expect(config.productName).toBe('CH Trader')
    expect(config.directories).toMatchObject({ output: 'release', buildResources: 'build' })
    expect(config.files).toEqual([{ filter: ['out/**', 'package.json'] }])
    expect(config.npmRebuild).toBe(true)
  })

  it("unpacks keytar's native module from the asar on every OS", () => {
    const keytarNode = join(root, 'node_modules/keytar/build/Release/keytar.node')
    const stat = { isDirectory: () => false } as FilterStats
    for (const platform of [config.mac, config.win, config.linux]) {
      const matchers = getFileMatchers(config, 'asarUnpack', '/app', {
        macroExpander: (p) => p,
        customBuildOptions: platform ?? {},
        globalOutDir: join(root, 'release'),
        defaultSrc: root
      })
      expect(matchers?.[0]?.createFilter()(keytarNode, stat)).toBe(true)
    }
  })

  it('has the installers we ship per OS, and a hardened mac runtime with our entitlements', () => {
    expect(targetNames(config.linux)).toEqual(expect.arrayContaining(['AppImage', 'deb']))
    expect(config.linux?.category).toBe('Finance')
    expect(config.linux?.maintainer).toMatch(/<.+@.+>/)
    expect(targetNames(config.mac)).toContain('dmg')
    expect(config.mac?.hardenedRuntime).toBe(true)
    expect(config.mac?.gatekeeperAssess).toBe(false)
    expect(config.mac?.entitlements).toBe('build/entitlements.mac.plist')
    expect(targetNames(config.win)).toContain('nsis')
    expect(config.nsis).toMatchObject({ oneClick: false, allowToChangeInstallationDirectory: true })
  })

  it('points at resources that exist: a 512x512 PNG icon and a plist that grants only allow-jit', () => {
    const png = readFileSync(join(root, config.icon!))
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512])
    const plist = readFileSync(join(root, config.mac!.entitlements!), 'utf8')
    expect([...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])).toEqual(['com.apple.security.cs.allow-jit'])
    expect(statSync(join(root, config.mac!.entitlementsInherit!)).isFile()).toBe(true)
  })
})

describe('package.json dependencies', () => {
  it('pass electron-builder metadata checks', () => {
    // Internal (untyped) but it is the check electron-builder runs before packing.
    const { checkMetadata } = packageMetadata as unknown as {
      checkMetadata(m: unknown, dev: unknown, appFile: string, devFile: string): void
    }
    const file = join(root, 'package.json')
    expect(() => checkMetadata(pkg, pkg, file, file)).not.toThrow()
  })

  it('hold only main-process runtime packages; the renderer and tooling are bundled or dev-only', () => {
    const deps = Object.keys(pkg.dependencies ?? {})
    expect(deps).toContain('keytar')
    for (const name of ['vue', 'pinia', 'echarts', 'electron', 'vite', 'electron-vite', 'electron-builder', 'vitest'])
      expect(deps, `"${name}" must be a devDependency`).not.toContain(name)
    expect(deps.filter((d) => d.startsWith('@vitejs/') || d.startsWith('@vue/'))).toEqual([])
  })
})
