// The update feed in build/electron-builder.yml: a generic provider whose URL each build takes from
// CHT_UPDATE_URL (expanded by electron-builder's own macro expander, as when it writes app-update.yml), and no
// signature or checksum check of electron-updater turned off.
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Configuration } from 'app-builder-lib'
import type { GenericServerOptions } from 'builder-util-runtime'
import { getConfig } from 'app-builder-lib/out/util/config/config.js'
import { expandMacro } from 'app-builder-lib/out/util/macroExpander.js'

const root = resolve(import.meta.dirname, '../../..')
const appInfo = { productName: 'CH Trader', sanitizedProductName: 'CH Trader', channel: null } as unknown as Parameters<
  typeof expandMacro
>[2]

describe('update feed config', () => {
  let config: Configuration
  beforeAll(async () => {
    config = await getConfig(root, 'build/electron-builder.yml', null)
  })

  it('is one generic provider whose URL comes from the build environment', () => {
    const publish = [config.publish].flat() as GenericServerOptions[]
    expect(publish).toHaveLength(1)
    expect(publish[0]).toEqual({ provider: 'generic', url: '${env.CHT_UPDATE_URL}' })
  })

  it('takes the URL each build is given, and fails a build given none', () => {
    const url = ([config.publish].flat()[0] as GenericServerOptions).url
    const saved = process.env['CHT_UPDATE_URL']
    try {
      process.env['CHT_UPDATE_URL'] = 'https://updates.chtrader.io/stable'
      expect(expandMacro(url, null, appInfo)).toBe('https://updates.chtrader.io/stable')
      delete process.env['CHT_UPDATE_URL']
      expect(() => expandMacro(url, null, appInfo)).toThrow(/CHT_UPDATE_URL is not defined/)
    } finally {
      if (saved !== undefined) process.env['CHT_UPDATE_URL'] = saved
    }
  })

  it('leaves signature verification on', () => {
    expect(config.win?.verifyUpdateCodeSignature).not.toBe(false)
    expect(JSON.stringify(config)).not.toMatch(/verifyUpdateCodeSignature"?:\s*false|disableDifferentialDownload/)
  })
})
