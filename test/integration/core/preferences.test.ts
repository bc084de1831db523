// Preferences through the contract, kept by main: they survive a restart (a new core on the same folder, as a new
// run on another port), are per profile where they name a venue's markets, reach every window that follows them,
// refuse a bad key or value by its rule (changing nothing), import an older build's values once without
// overwriting newer ones, and a damaged file is kept aside with what could be read kept and the user told.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PreferencesView } from '@shared/ipc/views/preferences'
import { translateIn } from '@shared/i18n/translate'
import { startupLanguage } from '../../../src-main/core/terminal-core'
import { nextEvent, startRig, type Rig } from './harness'

let rig: Rig
let paperId: string

beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false } })
  paperId = (await rig.client.invoke('profiles.list', {})).activeProfileId!
})
afterAll(() => rig?.close())

const file = () => join(rig.dir, 'preferences.json')
const remoteUrls = () => ({
  baseUrl: rig.core.exchange.url,
  wsSpotUrl: `ws://127.0.0.1:${rig.core.exchange.port}/spot/ws`,
  wsFuturesUrl: `ws://127.0.0.1:${rig.core.exchange.port}/futures/ws`
})

describe('preferences in main', () => {
  it('starts from the defaults, for the active profile', async () => {
    const v = await rig.client.invoke('preferences.get', {})
    expect(v).toMatchObject({
      profileId: paperId,
      legacyImported: false,
      app: { theme: 'dark', confirmOrders: true, interval: '15min', layout: { side: 268 } },
      profile: { favourites: [], monitors: {} }
    })
  })

  it('saves a change before answering it, in a file only the user can read, and tells every window following', async () => {
    const other = rig.core.server.connect(() => undefined, { connectionId: 'other' }) // keeps a second window open
    const seen = nextEvent<PreferencesView>(
      (l, end) => rig.client.subscribe('preferences.onChange', {}, l, end),
      (v) => v.app.theme === 'light'
    )
    const v = await rig.client.invoke('preferences.set', {
      app: { theme: 'light', layout: { side: 300, order: 300, bottom: 200 } },
      profile: { favourites: ['spot:ethusdt', 'futures:E-BTC-USDT'] }
    })
    expect(v.app).toMatchObject({ theme: 'light', layout: { side: 300, order: 300, bottom: 200 } })
    expect(v.profile.favourites).toEqual(['spot:ethusdt', 'futures:E-BTC-USDT'])
    expect((await seen).profile.favourites).toEqual(['spot:ethusdt', 'futures:E-BTC-USDT'])
    const saved = JSON.parse(readFileSync(file(), 'utf8'))
    expect(saved).toMatchObject({
      version: 1,
      app: { theme: 'light' },
      profiles: { [paperId]: { favourites: ['spot:ethusdt', 'futures:E-BTC-USDT'] } }
    })
    expect(saved.app).not.toHaveProperty('confirmOrders') // only what was set: the rest stays default
    if (process.platform !== 'win32') expect(statSync(file()).mode & 0o777).toBe(0o600) // POSIX modes only
    other.close()
  })

  it('refuses an unknown key or a value out of its rule by name, and changes nothing', async () => {
    const before = readFileSync(file(), 'utf8')
    await expect(rig.client.invoke('preferences.set', { app: { theme: 'blue' } } as never)).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'app.theme',
      message: "preferences.set: invalid input field 'app.theme': must be dark or light"
    })
    await expect(rig.client.invoke('preferences.set', { app: { colour: 'red' } } as never)).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('unknown field(s): colour')
    })
    await expect(
      rig.client.invoke('preferences.set', { app: { layout: { side: 90, order: 300, bottom: 200 } } })
    ).rejects.toMatchObject({ field: 'app.layout.side', message: expect.stringContaining('must be at least 200') })
    await expect(rig.client.invoke('preferences.set', { profile: { favourites: ['BTC/USDT'] } })).rejects.toMatchObject(
      { field: 'profile.favourites.0', message: expect.stringContaining('must be a market key such as "spot:btcusdt"') }
    )
    await expect(
      rig.client.invoke('preferences.set', { profile: { monitors: { 'my layout!': [] } } })
    ).rejects.toMatchObject({ message: expect.stringContaining('keys must be layout names of 1..40 letters') })
    await expect(rig.client.invoke('preferences.set', {})).rejects.toMatchObject({
      message: expect.stringContaining("must set 'app' or 'profile' values")
    })
    await expect(
      rig.client.invoke('preferences.set', {
        profileId: '00000000-0000-4000-8000-000000000000',
        profile: { favourites: [] }
      })
    ).rejects.toMatchObject({ code: 'not-found', field: 'profileId' })
    expect(readFileSync(file(), 'utf8')).toBe(before)
  })

  it('keeps what names a venue’s markets per profile; a window on one profile follows the active one; a removed profile takes its own along', async () => {
    const { profile: remote } = await rig.client.invoke('profiles.add', { name: 'Second', ...remoteUrls() })
    const theirs = await rig.client.invoke('preferences.get', { profileId: remote.id })
    expect(theirs).toMatchObject({ profileId: remote.id, app: { theme: 'light' }, profile: { favourites: [] } }) // app-wide values are shared
    await rig.client.invoke('preferences.set', {
      profileId: remote.id,
      profile: { favourites: ['spot:dogeusdt'], lastMarket: { module: 'futures', symbols: { futures: 'E-ETH-USDT' } } }
    })
    expect((await rig.client.invoke('preferences.get', {})).profile.favourites).toEqual([
      'spot:ethusdt',
      'futures:E-BTC-USDT'
    ]) // the paper profile's are untouched

    const views: PreferencesView[] = []
    const off = rig.client.subscribe('preferences.onChange', {}, (v) => views.push(v))
    await expect.poll(() => views.length).toBe(1)
    await rig.client.invoke('profiles.setActive', { profileId: remote.id })
    await expect.poll(() => views.at(-1)?.profileId).toBe(remote.id)
    expect(views.at(-1)!.profile).toMatchObject({ favourites: ['spot:dogeusdt'], lastMarket: { module: 'futures' } })
    await rig.client.invoke('profiles.setActive', { profileId: paperId })
    await expect.poll(() => views.at(-1)?.profileId).toBe(paperId)
    off()

    await rig.client.invoke('profiles.remove', { profileId: remote.id })
    expect(Object.keys(JSON.parse(readFileSync(file(), 'utf8')).profiles)).toEqual([paperId])
  })

  it('imports an older build’s values once, filling only what was never set, for every profile', async () => {
    const r = await rig.client.invoke('preferences.importLegacy', {
      app: { theme: 'dark', shortcuts: false },
      profile: { favourites: ['spot:solusdt'], bookSteps: { 'spot:btcusdt': '10' } }
    })
    expect(r.imported).toBe(true)
    // theme and favourites were set since: kept; shortcuts and bookSteps never were: taken.
    expect(r.preferences).toMatchObject({
      legacyImported: true,
      app: { theme: 'light', shortcuts: false },
      profile: { favourites: ['spot:ethusdt', 'futures:E-BTC-USDT'], bookSteps: { 'spot:btcusdt': '10' } }
    })
    const again = await rig.client.invoke('preferences.importLegacy', { app: { confirmOrders: false }, profile: {} })
    expect(again.imported).toBe(false)
    expect(again.preferences.app.confirmOrders).toBe(true)
  })

  it("tells main's own words (the desktop menu) the language a window chose, and keeps it for the next start", async () => {
    const told: string[] = []
    const off = rig.core.language.onChange((c) => told.push(c))
    try {
      await rig.client.invoke('preferences.set', { app: { language: 'zh-CN' } })
      expect(rig.core.language.choice()).toBe('zh-CN')
      expect(told).toEqual(['zh-CN'])
      expect(startupLanguage(rig.dir)).toBe('zh-CN') // what a start that fails says its words in
      await rig.client.invoke('preferences.set', { app: { language: 'auto' } })
      expect(told).toEqual(['zh-CN', 'auto'])
    } finally {
      off()
    }
  })

  it('survives a restart: a new run on the same folder (a new port) reads the same', async () => {
    const dir = rig.dir
    await rig.close()
    rig = await startRig({ dir, embedded: { activity: false } })
    const v = await rig.client.invoke('preferences.get', {})
    expect(v).toMatchObject({
      profileId: paperId,
      legacyImported: true,
      app: { theme: 'light', shortcuts: false, layout: { side: 300 } },
      profile: { favourites: ['spot:ethusdt', 'futures:E-BTC-USDT'] }
    })
    expect((await rig.client.invoke('app.info', {})).notices).toEqual([])
  })

  it('reads the last market as an older build wrote it (modules capitalized), and writes it back lowercase only', async () => {
    const dir = rig.dir
    await rig.close()
    const old = { module: 'Futures', symbols: { Spot: 'ethusdt', Margin: 'btcusdt', Futures: 'E-ETH-USDT' } }
    writeFileSync(
      file(),
      JSON.stringify({ version: 1, legacyImported: true, app: {}, profiles: { [paperId]: { lastMarket: old } } })
    )
    rig = await startRig({ dir, embedded: { activity: false } })
    const lowercase = { module: 'futures', symbols: { spot: 'ethusdt', margin: 'btcusdt', futures: 'E-ETH-USDT' } }
    expect((await rig.client.invoke('preferences.get', {})).profile.lastMarket).toEqual(lowercase)
    expect((await rig.client.invoke('app.info', {})).notices).toEqual([]) // read, not kept aside
    expect(readdirSync(dir).some((n) => n.startsWith('preferences.json.unreadable-'))).toBe(false)
    await rig.client.invoke('preferences.set', { profile: { favourites: ['spot:ethusdt'] } })
    expect(JSON.parse(readFileSync(file(), 'utf8')).profiles[paperId].lastMarket).toEqual(lowercase)
  })

  it('keeps a damaged file aside, keeps what it could read, and tells the user', async () => {
    const dir = rig.dir
    await rig.close()
    writeFileSync(
      file(),
      JSON.stringify({
        version: 1,
        legacyImported: true,
        app: { theme: 'light', interval: '2min', glow: true },
        profiles: { [paperId]: { favourites: ['spot:ethusdt'] } }
      })
    )
    rig = await startRig({ dir, embedded: { activity: false } })
    const v = await rig.client.invoke('preferences.get', {})
    expect(v).toMatchObject({ app: { theme: 'light', interval: '15min' }, profile: { favourites: ['spot:ethusdt'] } })
    const [notice] = (await rig.client.invoke('app.info', {})).notices
    expect(notice).toMatchObject({ title: 'Some preferences could not be read' })
    // Told in the window's language: the same notice in catalog words, its values as main found them.
    expect(notice!.words).toEqual({
      title: { key: 'main.preferences.keptAsideTitle' },
      text: { key: 'main.preferences.keptAside', params: { dropped: expect.any(String), path: notice!.path } }
    })
    expect(translateIn('en', notice!.words!.text.key, notice!.words!.text.params)).toBe(notice!.text)
    expect(translateIn('zh-CN', notice!.words!.text.key, notice!.words!.text.params)).toMatch(
      /^这些设置已恢复为默认值（.*app\.glow: unknown preference.*），其余设置均已保留。原文件已另存于 .*。$/
    )
    expect(notice!.text).toContain('app.interval: must be one of 1min')
    expect(notice!.text).toContain('app.glow: unknown preference')
    const kept = readdirSync(dir).find((n) => n.startsWith('preferences.json.unreadable-'))!
    expect(notice!.path).toBe(join(dir, kept))
    expect(JSON.parse(readFileSync(join(dir, kept), 'utf8')).app.glow).toBe(true) // the file as it was
    // What could be read is on disk again, so a start without any change keeps it too.
    await expect
      .poll(() => existsSync(file()) && JSON.parse(readFileSync(file(), 'utf8')).app)
      .toEqual({ theme: 'light' })
  })
})
