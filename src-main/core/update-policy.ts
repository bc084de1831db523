// When the desktop app checks for, asks about and installs an update. Plain Node (no Electron): the shell
// (src-main/electron/updates.ts) hands it electron-updater's updater and a dialog; tests hand it a real updater
// reading a local feed, or fakes. Rules: check at start and every few hours; download in the background; ask
// before restarting; never restart, nor install at quit, while an order action is in flight (its verdict would
// be left to a run of another version to find out).

/** The part of electron-updater's AppUpdater this policy drives. Signature checks are its defaults: never touched. */
export interface UpdaterLike {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  allowDowngrade: boolean
  allowPrerelease: boolean
  /** null when inactive; downloadPromise is the background download (autoDownload) of a newer version. */
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown
}

export interface UpdatePolicyOptions {
  updater: UpdaterLike
  /** Order actions and operations without a verdict yet, over every profile (Venues.actionsInFlight). */
  actionsInFlight(): number
  /** Asks the user whether to restart now to install `version`; false: later (it is installed at quit). */
  askToRestart(version: string): Promise<boolean>
  log(line: string): void
  /** Default 4 h. */
  checkEveryMs?: number
  /** How often a deferred question or restart looks again for a moment without actions in flight. Default 5 s. */
  idleRecheckMs?: number
}

export type UpdateState = 'idle' | 'waiting-for-orders' | 'asking' | 'declined' | 'installing'

export interface UpdatePolicy {
  /** Checks now, then every checkEveryMs. */
  start(): void
  /** The app quits for another reason: the downloaded update is installed only with no action in flight. */
  beforeQuit(): void
  stop(): void
  readonly state: UpdateState
}

export const DEFAULT_CHECK_EVERY_MS = 4 * 60 * 60 * 1000

export function createUpdatePolicy(o: UpdatePolicyOptions): UpdatePolicy {
  const { updater, log } = o
  let state: UpdateState = 'idle'
  let declined: string | null = null
  let checkTimer: ReturnType<typeof setInterval> | undefined
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  /** An unreadable count is taken as busy: the safe side is not restarting. */
  const busy = (): number => {
    try {
      return o.actionsInFlight()
    } catch {
      return 1
    }
  }

  function whenNoActions(then: () => void): void {
    const n = busy()
    if (n === 0) return then()
    if (state !== 'waiting-for-orders') log(`updates: waiting for ${n} order action(s) in flight to finish`)
    state = 'waiting-for-orders'
    idleTimer = setTimeout(() => !stopped && whenNoActions(then), o.idleRecheckMs ?? 5000)
  }

  function install(): void {
    whenNoActions(() => {
      state = 'installing'
      log('updates: restarting to install')
      updater.quitAndInstall(false, true)
    })
  }

  function ask(version: string): void {
    whenNoActions(() => {
      state = 'asking'
      o.askToRestart(version).then(
        (now) => {
          if (stopped) return
          if (now) return install()
          declined = version
          state = 'declined'
          log(`updates: ${version} will be installed when the app quits`)
        },
        (e: unknown) => {
          state = 'declined'
          log(`updates: could not ask to restart: ${(e as Error).message}`)
        }
      )
    })
  }

  updater.on('update-downloaded', (info) => {
    // One question at a time; a declined version is not asked about again (a newer one is).
    if (stopped || state === 'asking' || state === 'installing' || state === 'waiting-for-orders') return
    if (declined === info.version) return
    log(`updates: ${info.version} downloaded`)
    ask(info.version)
  })

  const check = (): void => {
    if (stopped || state === 'installing') return
    // Offline or a feed down is normal for a desktop app: logged, tried again at the next check.
    updater.checkForUpdates().then(
      // A failed download (network, checksum mismatch) is refused by the updater; it must not go unhandled here.
      (r) => void r?.downloadPromise?.catch((e: unknown) => log(`updates: download failed: ${(e as Error).message}`)),
      (e: unknown) => log(`updates: check failed: ${(e as Error).message}`)
    )
  }

  return {
    start(): void {
      updater.autoDownload = true
      updater.autoInstallOnAppQuit = true
      updater.allowDowngrade = false
      updater.allowPrerelease = false
      check()
      checkTimer = setInterval(check, o.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS)
    },
    beforeQuit(): void {
      if (state === 'installing') return
      const n = busy()
      updater.autoInstallOnAppQuit = n === 0
      if (n > 0) log(`updates: not installing at quit: ${n} order action(s) in flight`)
    },
    stop(): void {
      stopped = true
      clearInterval(checkTimer)
      clearTimeout(idleTimer)
    },
    get state() {
      return state
    }
  }
}
