// The other side of POST /control/launch: `npm run web` asks the host its data folder names (host-file.ts) for a
// fresh one-time link. Plain node:http, so no Origin header is ever sent (the host refuses requests that carry one).
import { request } from 'node:http'
import { CONTROL_LAUNCH_PATH } from './browser-host'
import { readHostFile, type HostRecord } from './host-file'

export type AttachResult =
  /** A host of this data folder is running: open this link. */
  | { kind: 'attached'; url: string; origin: string }
  /** No host file, or one no running host answers to (why, in words): start a host. */
  | { kind: 'none'; stale?: string }

export async function attachToRunningHost(userDataDir: string, timeoutMs = 3000): Promise<AttachResult> {
  let record: HostRecord | null
  try {
    record = await readHostFile(userDataDir)
  } catch (e) {
    return { kind: 'none', stale: (e as Error).message }
  }
  if (!record) return { kind: 'none' }
  // A dead host's port may be anyone's now: its secret is not offered there.
  if (!alive(record.pid))
    return { kind: 'none', stale: `the browser host named in the browser-host file (pid ${record.pid}) is not running` }
  try {
    return { kind: 'attached', url: await askLaunchUrl(record, timeoutMs), origin: record.origin }
  } catch (e) {
    return {
      kind: 'none',
      stale: `the host named in the browser-host file (${record.origin}, pid ${record.pid}) did not answer: ${(e as Error).message}`
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM' // there, but another user's
  }
}

function askLaunchUrl(r: HostRecord, timeoutMs: number): Promise<string> {
  const { hostname, port } = new URL(r.origin)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path: CONTROL_LAUNCH_PATH,
        method: 'POST',
        headers: { Authorization: `Bearer ${r.controlSecret}`, 'Content-Length': 0 },
        timeout: timeoutMs
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`))
          try {
            const url = (JSON.parse(body) as { url?: unknown }).url
            if (typeof url === 'string' && url.startsWith(`${r.origin}/#`)) return resolve(url)
          } catch {
            // falls through to the refusal below
          }
          reject(new Error('the answer was not a launch link'))
        })
      }
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    req.on('error', reject)
    req.end()
  })
}
