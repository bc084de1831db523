// The keyboard map and the hotkeys' size presets as preferences main keeps: the user's changes from the defaults
// (app-wide) and a size per market (per profile), checked by their rules, and the same after a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRig, type Rig } from './harness'

let rig: Rig

beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false } })
})
afterAll(() => rig?.close())

describe('hotkeys in the preferences', () => {
  it('starts from the defaults and keeps a rebinding, a confirmation turned off and a size across a restart', async () => {
    const before = await rig.client.invoke('preferences.get', {})
    expect(before.app.hotkeys).toEqual({ keys: {}, ask: {} })
    expect(before.profile.hotkeySizes).toEqual({})
    const hotkeys = { keys: { buyBid: 'Alt+Shift+KeyJ', cancelAll: '' }, ask: { buyBid: false } }
    await rig.client.invoke('preferences.set', { app: { hotkeys } })
    await rig.client.invoke('preferences.set', { profile: { hotkeySizes: { 'spot:btcusdt': '0.001' } } })
    const dir = rig.dir
    await rig.close()
    rig = await startRig({ dir, embedded: { activity: false } })
    const v = await rig.client.invoke('preferences.get', {})
    expect(v.app.hotkeys).toEqual(hotkeys)
    expect(v.profile.hotkeySizes).toEqual({ 'spot:btcusdt': '0.001' })
  })

  it('refuses a combination that is not one, an unknown action and a size that is not positive, in words', async () => {
    const setKeys = (keys: unknown) =>
      rig.client.invoke('preferences.set', { app: { hotkeys: { keys, ask: {} } } } as never)
    await expect(setKeys({ buyBid: 'Shift+ B' })).rejects.toMatchObject({
      field: 'app.hotkeys.keys.buyBid',
      message: expect.stringContaining('joined by + before one key')
    })
    await expect(setKeys({ buyAll: 'Shift+KeyB' })).rejects.toMatchObject({
      message: expect.stringContaining('buyAll')
    })
    await expect(
      rig.client.invoke('preferences.set', { profile: { hotkeySizes: { 'spot:btcusdt': '0' } } })
    ).rejects.toMatchObject({ message: expect.stringContaining('must be greater than 0') })
    const v = await rig.client.invoke('preferences.get', {})
    expect(v.app.hotkeys.keys.buyBid).toBe('Alt+Shift+KeyJ')
    expect(v.profile.hotkeySizes).toEqual({ 'spot:btcusdt': '0.001' })
  })
})
