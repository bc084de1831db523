// The OS keychain read and cleaned from outside the app, with the platform's own tool (the test process cannot load
// keytar once it is rebuilt for Electron's ABI), one entry at a time by profile id, never printing a secret into
// the test's output. Attributes as keytar writes them: service + account (Secret Service, macOS keychain), target
// "service/account" (Windows Credential Manager).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const SERVICE = 'io.chtrader.terminal' // src-main/vault/secret-store.ts KEYCHAIN_SERVICE

const run = (cmd: string, args: string[]) =>
  spawnSync(cmd, args, { encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'pipe'] })

/** The app's profiles in a userData folder (profiles.json: metadata, no secrets). */
export function profilesIn(userData: string): { id: string; name: string }[] {
  const file = JSON.parse(readFileSync(join(userData, 'profiles.json'), 'utf8')) as {
    profiles: { id: string; name: string }[]
  }
  return file.profiles
}

/** Whether the keychain holds the app's entry for this profile id. */
export function keychainHas(account: string): boolean {
  if (process.platform === 'linux') {
    const r = run('secret-tool', ['lookup', 'service', SERVICE, 'account', account])
    if (r.error) throw new Error('secret-tool is missing (apt package libsecret-tools)')
    return r.status === 0
  }
  if (process.platform === 'darwin')
    return run('security', ['find-generic-password', '-s', SERVICE, '-a', account]).status === 0
  const r = run('cmdkey', [`/list:${SERVICE}/${account}`])
  return r.status === 0 && r.stdout.includes(`${SERVICE}/${account}`)
}

/** Deletes the app's entry for this profile id, if any (the suite leaves nothing in a developer's keychain). */
export function keychainDelete(account: string): void {
  if (process.platform === 'linux') run('secret-tool', ['clear', 'service', SERVICE, 'account', account])
  else if (process.platform === 'darwin') run('security', ['delete-generic-password', '-s', SERVICE, '-a', account])
  else run('cmdkey', [`/delete:${SERVICE}/${account}`])
}
