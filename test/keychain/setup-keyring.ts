// Global setup for the `keychain` project: gives the tests a real, unlocked Secret Service.
// On a desktop that already has one we use it; elsewhere (CI, containers, root, no X) we start a private
// D-Bus session bus plus gnome-keyring in throwaway dirs, so no real login keyring is ever touched.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

function dbusSend(env: NodeJS.ProcessEnv, dest: string, path: string, method: string, ...args: string[]): string {
  const argv = ['--session', '--print-reply', '--reply-timeout=2000', `--dest=${dest}`, path, method, ...args]
  const r = spawnSync('dbus-send', argv, { env, encoding: 'utf8', timeout: 5_000 })
  return r.status === 0 ? r.stdout : ''
}

/** True when the bus has a running (owned, so we never trigger activation) secrets service whose default
 *  collection is unlocked. */
function secretServiceUsable(env: NodeJS.ProcessEnv): boolean {
  if (!env.DBUS_SESSION_BUS_ADDRESS) return false
  const owned = dbusSend(
    env,
    'org.freedesktop.DBus',
    '/org/freedesktop/DBus',
    'org.freedesktop.DBus.NameHasOwner',
    'string:org.freedesktop.secrets'
  )
  if (!/boolean true/.test(owned)) return false
  const locked = dbusSend(
    env,
    'org.freedesktop.secrets',
    '/org/freedesktop/secrets/aliases/default',
    'org.freedesktop.DBus.Properties.Get',
    'string:org.freedesktop.Secret.Collection',
    'string:Locked'
  )
  return /boolean false/.test(locked)
}

// A bus with no service directories: nothing is auto-activated, so the only secrets service on it is ours
// (the stock session config would let a probe start a second, locked gnome-keyring that wins the name).
const busConfig = (
  socket: string
): string => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`

/** Resolves with the first line a child prints, rejects if it exits or stays silent. */
function firstLine(child: ChildProcess, what: string, ms = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = ''
    let err = ''
    const timer = setTimeout(() => reject(new Error(`${what}: no output in ${ms} ms. ${err}`)), ms)
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()))
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString()
      const nl = buf.indexOf('\n')
      if (nl >= 0) {
        clearTimeout(timer)
        resolve(buf.slice(0, nl).trim())
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${what} exited with ${code}. ${err}`))
    })
    child.once('error', (e) => {
      clearTimeout(timer)
      reject(new Error(`${what}: ${e.message} (apt packages dbus and gnome-keyring provide it)`))
    })
  })
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  // No pid: it never started, so there is no exit to wait for.
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  const done = await Promise.race([exited.then(() => true), sleep(3_000).then(() => false)])
  if (!done) {
    child.kill('SIGKILL')
    await exited
  }
}

export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env.KEYCHAIN_TEST_PRIVATE !== '1' && secretServiceUsable(process.env)) return

  // Short path: the bus socket lives here and unix socket paths are limited to ~100 bytes.
  const root = mkdtempSync(join(tmpdir(), 'cht-kr-'))
  // gnome-keyring rejects a control or runtime dir that others can read.
  const dir = (name: string): string => {
    const p = join(root, name)
    mkdirSync(p, { mode: 0o700 })
    return p
  }
  const savedAddress = process.env.DBUS_SESSION_BUS_ADDRESS
  let bus: ChildProcess | undefined
  let keyring: ChildProcess | undefined

  const teardown = async (): Promise<void> => {
    await stop(keyring)
    await stop(bus)
    rmSync(root, { recursive: true, force: true })
    if (savedAddress === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS
    else process.env.DBUS_SESSION_BUS_ADDRESS = savedAddress
  }

  try {
    const config = join(root, 'bus.conf')
    writeFileSync(config, busConfig(join(root, 'bus')))
    // Non-forking children keep their handles here, so teardown kills exactly what it started.
    bus = spawn('dbus-daemon', ['--nofork', '--nopidfile', '--print-address=1', `--config-file=${config}`], {
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const address = await firstLine(bus, 'dbus-daemon')

    // Fresh HOME/XDG dirs: with --unlock gnome-keyring creates a new login keyring from the stdin password,
    // which becomes the default collection; no DISPLAY means it never tries to prompt.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: dir('home'),
      XDG_DATA_HOME: dir('data'),
      XDG_CONFIG_HOME: dir('config'),
      XDG_CACHE_HOME: dir('cache'),
      XDG_RUNTIME_DIR: dir('run'),
      DBUS_SESSION_BUS_ADDRESS: address
    }
    keyring = spawn(
      'gnome-keyring-daemon',
      ['--foreground', '--unlock', '--components=secrets', `--control-directory=${dir('ctl')}`],
      { env, stdio: ['pipe', 'ignore', 'pipe'] }
    )
    let keyringErr = ''
    let spawnFailed = false
    keyring.stderr!.on('data', (d: Buffer) => (keyringErr += d.toString()))
    keyring.once('error', (e) => {
      spawnFailed = true
      keyringErr += `${e.message} (apt package gnome-keyring provides it)`
    })
    keyring.stdin!.on('error', () => {}) // EPIPE if it dies first; reported below via its stderr
    keyring.stdin!.end('chtrader-test-keyring')

    const deadline = Date.now() + 15_000
    while (!secretServiceUsable(env)) {
      if (spawnFailed || keyring.exitCode !== null || Date.now() > deadline)
        throw new Error(`gnome-keyring-daemon did not provide org.freedesktop.secrets: ${keyringErr}`)
      await sleep(100)
    }

    // Workers are forked after global setup and copy process.env, so this reaches every test file. With only
    // the secrets component gnome-keyring exports nothing else (no GNOME_KEYRING_CONTROL/SSH_AUTH_SOCK needed).
    process.env.DBUS_SESSION_BUS_ADDRESS = address
  } catch (e) {
    await teardown()
    throw e
  }
  return teardown
}
