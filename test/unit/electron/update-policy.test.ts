// The update decisions with a fake updater and fake timers: checks at start and every 4 h, background download,
// a question before restarting, and no restart (nor install at quit) while an order action is in flight.
import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createUpdatePolicy, DEFAULT_CHECK_EVERY_MS, type UpdaterLike } from '../../../src-main/core/update-policy'

class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = false
  autoInstallOnAppQuit = false
  allowDowngrade = true
  allowPrerelease = true
  checks = 0
  installs: [boolean | undefined, boolean | undefined][] = []
  failNext = false
  downloadFails = false
  checkForUpdates(): Promise<{ downloadPromise: Promise<unknown> } | null> {
    this.checks++
    if (this.failNext) return Promise.reject(new Error('getaddrinfo ENOTFOUND'))
    if (this.downloadFails)
      return Promise.resolve({ downloadPromise: Promise.reject(new Error('sha512 checksum mismatch')) })
    return Promise.resolve(null)
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter])
  }
  downloaded(version: string): void {
    this.emit('update-downloaded', { version })
  }
}

function setup(answers: boolean[] = [true]) {
  const updater = new FakeUpdater()
  let inFlight = 0
  const asked: string[] = []
  const logs: string[] = []
  // The dialog stays open until the test answers it.
  let answer: ((yes: boolean) => void) | null = null
  const policy = createUpdatePolicy({
    updater,
    actionsInFlight: () => inFlight,
    askToRestart: (v) => {
      asked.push(v)
      return new Promise<boolean>((r) => (answer = r))
    },
    log: (l) => logs.push(l),
    idleRecheckMs: 1000
  })
  const reply = async (yes = answers.shift() ?? true): Promise<void> => {
    answer!(yes)
    answer = null
    await vi.advanceTimersByTimeAsync(0)
  }
  return { updater, policy, asked, logs, reply, setInFlight: (n: number) => void (inFlight = n) }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('update policy', () => {
  it('downloads in the background, keeps downgrades and prereleases off, and checks at start and every 4 hours', async () => {
    const { updater, policy } = setup()
    policy.start()
    expect(updater).toMatchObject({
      autoDownload: true,
      autoInstallOnAppQuit: true,
      allowDowngrade: false,
      allowPrerelease: false
    })
    expect(updater.checks).toBe(1)
    await vi.advanceTimersByTimeAsync(DEFAULT_CHECK_EVERY_MS - 1)
    expect(updater.checks).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(updater.checks).toBe(2)
    await vi.advanceTimersByTimeAsync(DEFAULT_CHECK_EVERY_MS)
    expect(updater.checks).toBe(3)
    policy.stop()
    await vi.advanceTimersByTimeAsync(DEFAULT_CHECK_EVERY_MS)
    expect(updater.checks).toBe(3)
  })

  it('logs a failed check (offline) and tries again at the next one', async () => {
    const { updater, policy, logs } = setup()
    updater.failNext = true
    policy.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(logs).toContain('updates: check failed: getaddrinfo ENOTFOUND')
    updater.failNext = false
    await vi.advanceTimersByTimeAsync(DEFAULT_CHECK_EVERY_MS)
    expect(updater.checks).toBe(2)
    policy.stop()
  })

  it('logs a failed background download and asks nothing', async () => {
    const { updater, policy, logs, asked } = setup()
    updater.downloadFails = true
    policy.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(logs).toContain('updates: download failed: sha512 checksum mismatch')
    expect(asked).toEqual([])
    policy.stop()
  })

  it('asks before restarting, and restarts only on yes', async () => {
    const { updater, policy, asked, reply } = setup()
    policy.start()
    updater.downloaded('0.2.0')
    expect(asked).toEqual(['0.2.0'])
    expect(policy.state).toBe('asking')
    expect(updater.installs).toEqual([])
    await reply(true)
    expect(updater.installs).toEqual([[false, true]]) // not silent, the app comes back
    expect(policy.state).toBe('installing')
    policy.stop()
  })

  it('on "Later" installs at quit instead, and does not ask again for the same version (a newer one, yes)', async () => {
    const { updater, policy, asked, reply } = setup()
    policy.start()
    updater.downloaded('0.2.0')
    await reply(false)
    expect(updater.installs).toEqual([])
    expect(policy.state).toBe('declined')
    updater.downloaded('0.2.0') // the next check finds it again
    expect(asked).toEqual(['0.2.0'])
    updater.downloaded('0.3.0')
    expect(asked).toEqual(['0.2.0', '0.3.0'])
    policy.beforeQuit()
    expect(updater.autoInstallOnAppQuit).toBe(true)
    policy.stop()
  })

  it('does not even ask while an order action is in flight; asks once there is none', async () => {
    const { updater, policy, asked, logs, setInFlight } = setup()
    policy.start()
    setInFlight(2)
    updater.downloaded('0.2.0')
    expect(asked).toEqual([])
    expect(policy.state).toBe('waiting-for-orders')
    expect(logs).toContain('updates: waiting for 2 order action(s) in flight to finish')
    await vi.advanceTimersByTimeAsync(5000)
    expect(asked).toEqual([])
    setInFlight(0)
    await vi.advanceTimersByTimeAsync(1000)
    expect(asked).toEqual(['0.2.0'])
    policy.stop()
  })

  it('never restarts under an order action sent while the question was open: waits for it, then restarts', async () => {
    const { updater, policy, reply, setInFlight } = setup()
    policy.start()
    updater.downloaded('0.2.0')
    setInFlight(1) // the trader placed an order before answering
    await reply(true)
    expect(updater.installs).toEqual([])
    expect(policy.state).toBe('waiting-for-orders')
    await vi.advanceTimersByTimeAsync(3000)
    expect(updater.installs).toEqual([])
    setInFlight(0)
    await vi.advanceTimersByTimeAsync(1000)
    expect(updater.installs).toEqual([[false, true]])
    policy.stop()
  })

  it('treats an unreadable count as busy', async () => {
    const updater = new FakeUpdater()
    const ask = vi.fn(() => Promise.resolve(true))
    const policy = createUpdatePolicy({
      updater,
      actionsInFlight: () => {
        throw new Error('core closed')
      },
      askToRestart: ask,
      log: () => undefined
    })
    policy.start()
    updater.downloaded('0.2.0')
    await vi.advanceTimersByTimeAsync(20_000)
    expect(ask).not.toHaveBeenCalled()
    policy.stop()
  })

  it('does not install at quit while an order action is in flight', () => {
    const { updater, policy, setInFlight } = setup()
    policy.start()
    setInFlight(1)
    policy.beforeQuit()
    expect(updater.autoInstallOnAppQuit).toBe(false)
    setInFlight(0)
    policy.beforeQuit()
    expect(updater.autoInstallOnAppQuit).toBe(true)
    policy.stop()
  })
})
