// The margin mode chosen per futures contract, kept by main in the profile's preferences: the venue has no read of
// it, so it survives a restart; a mode or a key out of its rule is refused by name and changes nothing.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRig, type Rig } from './harness'

let rig: Rig
beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false } })
})
afterAll(() => rig?.close())

describe('margin modes in the profile’s preferences', () => {
  it('keeps the mode chosen per contract across a restart, and refuses one out of its rule', async () => {
    expect((await rig.client.invoke('preferences.get', {})).profile.marginModes).toEqual({})
    await rig.client.invoke('preferences.set', { profile: { marginModes: { 'E-ETH-USDT': 'isolated' } } })
    const before = readFileSync(join(rig.dir, 'preferences.json'), 'utf8')
    await expect(
      rig.client.invoke('preferences.set', { profile: { marginModes: { 'E-ETH-USDT': 'hedge' } } } as never)
    ).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('must be cross or isolated') })
    await expect(
      rig.client.invoke('preferences.set', { profile: { marginModes: { 'eth usdt': 'cross' } } })
    ).rejects.toMatchObject({ message: expect.stringContaining('keys must be futures contracts such as "E-BTC-USDT"') })
    expect(readFileSync(join(rig.dir, 'preferences.json'), 'utf8')).toBe(before)

    const dir = rig.dir
    await rig.close()
    rig = await startRig({ dir, embedded: { activity: false } })
    expect((await rig.client.invoke('preferences.get', {})).profile.marginModes).toEqual({ 'E-ETH-USDT': 'isolated' })
  })
})
