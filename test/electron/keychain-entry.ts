// Reads the OS keychain from outside the app, with the platform's own tool, to see that the app stored a key there
// (the test process cannot load keytar once it is rebuilt for Electron's ABI). Attributes as keytar writes them:
// service + account (Secret Service, macOS keychain), target "service/account" (Windows Credential Manager).
import { spawnSync } from 'node:child_process'

const SERVICE = 'io.chtrader.terminal' // src-main/vault/secret-store.ts KEYCHAIN_SERVICE

/** How many entries of the app the keychain holds (any profile). */
export function appKeychainEntries(): number {
  const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8', timeout: 15_000 })
  if (process.platform === 'linux') {
    const r = run('secret-tool', ['search', '--all', 'service', SERVICE])
    if (r.error) throw new Error('secret-tool is missing (apt package libsecret-tools)')
    return (r.stdout.match(/^attribute\.service = /gm) ?? []).length
  }
  if (process.platform === 'darwin') {
    const r = run('security', ['dump-keychain'])
    return (r.stdout.match(new RegExp(`"svce"<blob>="${SERVICE.replace(/\./g, '\\.')}"`, 'g')) ?? []).length
  }
  const r = run('cmdkey', [`/list:${SERVICE}*`])
  return (r.stdout.match(new RegExp(SERVICE.replace(/\./g, '\\.'), 'g')) ?? []).length
}
