// The running browser host's address card: `browser-host.json` in its user-data folder names the host's origin and
// the control secret that POST /control/launch asks for, so `npm run web` run again finds it and prints a fresh
// one-time link instead of starting a second terminal. The secret guards that endpoint against other users and web
// pages: the file is written 0600 and read only when the user owns it and nobody else can read it (as ssh does).
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../vault/atomic-file'

export const HOST_FILE = 'browser-host.json'

const hostRecord = z.strictObject({
  version: z.literal(1),
  pid: z.int().positive(),
  origin: z.string().regex(/^http:\/\/127\.0\.0\.1:\d{1,5}$/, 'must be a loopback origin'),
  controlSecret: z.string().regex(/^[A-Za-z0-9_-]{32,}$/)
})
export type HostRecord = z.output<typeof hostRecord>

export const newControlSecret = (): string => randomBytes(32).toString('base64url')

export const hostFilePath = (userDataDir: string): string => join(userDataDir, HOST_FILE)

export async function writeHostFile(userDataDir: string, r: Omit<HostRecord, 'version'>): Promise<void> {
  await writeFileAtomic(hostFilePath(userDataDir), `${JSON.stringify({ version: 1, ...r })}\n`, 0o600)
}

/** The record, or null when there is none; throws (naming the rule, never the content) when it cannot be trusted. */
export async function readHostFile(userDataDir: string): Promise<HostRecord | null> {
  const path = hostFilePath(userDataDir)
  let text: string
  try {
    const st = await stat(path)
    if (process.platform !== 'win32') {
      if (typeof process.getuid === 'function' && st.uid !== process.getuid())
        throw new Error(`${path} is not owned by this user: not trusted`)
      if (st.mode & 0o077)
        throw new Error(`${path} can be read by other users (mode ${(st.mode & 0o777).toString(8)}): not trusted`)
    }
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`${path} is not valid JSON`)
  }
  const r = hostRecord.safeParse(parsed)
  if (!r.success)
    throw new Error(
      `${path} is not a browser-host record (${r.error.issues[0]?.path.join('.') || 'root'}: ${r.error.issues[0]?.message})`
    )
  return r.data
}

/** Removes the file if it is still this host's (a newer host may have replaced it). */
export async function removeHostFile(userDataDir: string, controlSecret: string): Promise<void> {
  const r = await readHostFile(userDataDir).catch(() => null)
  if (!r) return
  const a = Buffer.from(r.controlSecret)
  const b = Buffer.from(controlSecret)
  if (a.length === b.length && timingSafeEqual(a, b)) await unlink(hostFilePath(userDataDir)).catch(() => undefined)
}
