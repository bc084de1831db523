// The Electron fuses of build/electron-builder.yml: checked in the config offline, then read back from a real
// Electron binary with @electron/fuses when one is on this machine. Electron's runtime cannot be downloaded
// everywhere, so the binary checks need a directory: CHT_ELECTRON_DIST (the folder you would pass to
// electron-builder as -c.electronDist) or node_modules/electron/dist; a packaged app in release/*-unpacked (or
// CHT_PACKAGED_APP) is read as it is. Without one the binary checks are skipped, saying so.
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { existsSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { FuseV1Options, flipFuses, getCurrentFuseWire, type FuseConfig } from '@electron/fuses'
import { PlatformPackager, type Configuration, type FuseOptionsV1 } from 'app-builder-lib'
import { getConfig } from 'app-builder-lib/out/util/config/config.js'

const root = resolve(import.meta.dirname, '../../..')

/** What the issue asks of each fuse; anything else (or a fuse left out) is a finding. */
const EXPECTED: Record<string, boolean> = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  enableCookieEncryption: true,
  grantFileProtocolExtraPrivileges: false
}
const WIRE: Record<string, FuseV1Options> = {
  runAsNode: FuseV1Options.RunAsNode,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges
}

/** electron-builder's own translation of `electronFuses` into what it hands flipFuses after packing (private). */
const builderFuseConfig = (fuses: FuseOptionsV1): Promise<FuseConfig> =>
  (
    PlatformPackager.prototype as unknown as { generateFuseConfig(f: FuseOptionsV1): Promise<FuseConfig> }
  ).generateFuseConfig(fuses)

/** The file holding the fuse wire in an Electron (or packaged app) folder, on any OS. */
function fuseFile(dir: string): string | null {
  const names = readdirSync(dir)
  const app = names.find((n) => n.endsWith('.app'))
  if (app) return join(dir, app, 'Contents/Frameworks/Electron Framework.framework/Electron Framework')
  const exe = names.find((n) => n.endsWith('.exe') && !/^(elevate|Uninstall)/i.test(n))
  if (exe) return join(dir, exe)
  // Linux: the stock binary is `electron`; a packaged one is named after the app (executableName).
  for (const n of ['electron', 'chtrader', 'CH Trader']) if (names.includes(n)) return join(dir, n)
  return null
}

function firstDir(candidates: (string | undefined)[]): string | null {
  return candidates.find((d): d is string => !!d && existsSync(d)) ?? null
}
const electronDir = firstDir([process.env['CHT_ELECTRON_DIST'], join(root, 'node_modules/electron/dist')])
const packagedDir = firstDir([
  process.env['CHT_PACKAGED_APP'],
  ...['linux-unpacked', 'win-unpacked', 'mac', 'mac-arm64', 'mac-universal'].map((d) => join(root, 'release', d))
])

/** A fuse's byte in the wire: ASCII '1' on, '0' off (@electron/fuses keeps FuseState out of its exports). */
const ENABLE = 0x31
const DISABLE = 0x30

async function expectWire(file: string): Promise<void> {
  const wire = await getCurrentFuseWire(file)
  for (const [name, on] of Object.entries(EXPECTED)) expect(wire[WIRE[name]!], name).toBe(on ? ENABLE : DISABLE)
}

describe('Electron fuses', () => {
  let config: Configuration
  beforeAll(async () => {
    config = await getConfig(root, 'build/electron-builder.yml', null)
  })

  it('are all set in the config, each the safe way', () => {
    expect(config.electronFuses).toEqual(EXPECTED)
  })

  it('reach the fuse wire electron-builder flips, every one of them', async () => {
    const wire = await builderFuseConfig(config.electronFuses!)
    for (const [name, on] of Object.entries(EXPECTED)) expect(wire[WIRE[name]!], name).toBe(on)
  })

  it('read back from an Electron binary flipped the way electron-builder flips it', async (ctx) => {
    const file = electronDir && fuseFile(electronDir)
    ctx.skip(
      !file,
      'no Electron binary here: set CHT_ELECTRON_DIST to an Electron dist folder (as for -c.electronDist)'
    )
    const tmp = await mkdtemp(join(tmpdir(), 'cht-fuses-'))
    try {
      const copy = join(tmp, 'electron-binary')
      await copyFile(file!, copy)
      await flipFuses(copy, await builderFuseConfig(config.electronFuses!))
      await expectWire(copy)
    } finally {
      await rm(tmp, { recursive: true, force: true })
    }
  })

  it('read back from the packaged app as built', async (ctx) => {
    const file = packagedDir && fuseFile(packagedDir)
    ctx.skip(
      !file,
      'no packaged app here: run `npm run dist -- --dir` (needs the Electron download) or set CHT_PACKAGED_APP'
    )
    await expectWire(file!)
  })
})
