// Files that hold credentials are the user's alone: everything the terminal writes in its user-data folder (the
// embedded exchange's journal holds the paper account's key and secret; order history and undetermined orders may
// hold what a venue echoed) is 0600, in folders of 0700, the user-data folder itself included even when something
// else (Electron) made it 0755 first.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startRig } from './harness'

/** Every folder and file under dir (dir included) with its permission bits. */
function modes(dir: string): { path: string; dir: boolean; mode: number }[] {
  const out = [{ path: dir, dir: true, mode: statSync(dir).mode & 0o777 }]
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...modes(p))
    else out.push({ path: p, dir: false, mode: statSync(p).mode & 0o777 })
  }
  return out
}

describe.skipIf(process.platform === 'win32')('user-data file modes', () => {
  it('writes 0600 files in 0700 folders, closing a user-data folder and a data dir made 0755 before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'modes-'))
    try {
      chmodSync(dir, 0o755)
      mkdirSync(join(dir, 'embedded-exchange'), { mode: 0o755 })
      const rig = await startRig({ dir, embedded: { activity: false } })
      try {
        await rig.client.invoke('preferences.set', { app: { theme: 'light' } })
        await rig.client.invoke('trading.placeOrder', {
          module: 'spot',
          symbol: 'btcusdt',
          side: 'BUY',
          type: 'LIMIT',
          price: '30000',
          volume: '0.01'
        })
        await expect
          .poll(() => modes(dir).filter((e) => e.path.includes('order-history') && !e.dir).length)
          .toBeGreaterThan(0)
      } finally {
        await rig.close()
      }
      const all = modes(dir)
      expect(all.some((e) => e.path.includes('embedded-exchange') && !e.dir)).toBe(true)
      const wrong = all.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600)).map((e) => `${e.path} ${e.mode.toString(8)}`)
      expect(wrong).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
