// The few file operations the store needs, behind an interface so tests can count fsyncs and inject faults.
// Callback fs wrapped by hand: measured slightly faster than fs.promises FileHandle for write+fdatasync loops.
import fs from 'node:fs'

export interface StoreIo {
  /**
   * Opens a file; flags as in fs.open ('r', 'r+', 'wx', 'a'... or a number of fs.constants O_* bits). A file it creates
   * is 0600.
   */
  open(path: string, flags: string | number): Promise<number>
  /** Writes the whole buffer at the given position (loops over short writes). */
  writeAll(fd: number, data: Buffer, position: number): Promise<void>
  read(fd: number, into: Buffer, position: number): Promise<number>
  fdatasync(fd: number): Promise<void>
  fsync(fd: number): Promise<void>
  ftruncate(fd: number, length: number): Promise<void>
  fstatSize(fd: number): Promise<number>
  close(fd: number): Promise<void>
  /** Makes creates, renames and deletes inside dir durable. */
  syncDir(dir: string): Promise<void>
  rename(from: string, to: string): Promise<void>
  link(existing: string, created: string): Promise<void>
  unlink(path: string): Promise<void>
  readdir(dir: string): Promise<string[]>
  readFile(path: string): Promise<Buffer>
  /** Makes dir (and its missing parents) 0700, and an existing dir 0700 too. */
  mkdirp(dir: string): Promise<void>
}

// The data dir holds the accounts' API keys and secrets (the journal must keep them to replay: HMAC verification
// needs the secret itself), so its files are the user's alone: 0600 in a 0700 folder.
const FILE_MODE = 0o600
const DIR_MODE = 0o700

const cb = <T>(run: (done: (err: NodeJS.ErrnoException | null, value?: T) => void) => void): Promise<T> =>
  new Promise((resolve, reject) => run((err, value) => (err ? reject(err) : resolve(value as T))))

export const nodeIo: StoreIo = {
  open: (path, flags) => cb<number>((d) => fs.open(path, flags, FILE_MODE, d)),
  async writeAll(fd, data, position) {
    let off = 0
    while (off < data.length) {
      const n = await cb<number>((d) => fs.write(fd, data, off, data.length - off, position + off, d))
      off += n
    }
  },
  read: (fd, into, position) => cb<number>((d) => fs.read(fd, into, 0, into.length, position, d)),
  fdatasync: (fd) => cb<void>((d) => fs.fdatasync(fd, d)),
  fsync: (fd) => cb<void>((d) => fs.fsync(fd, d)),
  ftruncate: (fd, length) => cb<void>((d) => fs.ftruncate(fd, length, d)),
  fstatSize: (fd) => cb<fs.Stats>((d) => fs.fstat(fd, d)).then((s) => s.size),
  close: (fd) => cb<void>((d) => fs.close(fd, d)),
  async syncDir(dir) {
    // Windows cannot open or fsync a directory; NTFS journals its metadata, which is the best available there.
    if (process.platform === 'win32') return
    const fd = await nodeIo.open(dir, 'r')
    try {
      await nodeIo.fsync(fd)
    } finally {
      await nodeIo.close(fd)
    }
  },
  rename: (from, to) => cb<void>((d) => fs.rename(from, to, d)),
  link: (existing, created) => cb<void>((d) => fs.link(existing, created, d)),
  unlink: (path) => cb<void>((d) => fs.unlink(path, d)),
  readdir: (dir) => cb<string[]>((d) => fs.readdir(dir, d)),
  readFile: (path) => cb<Buffer>((d) => fs.readFile(path, d)),
  async mkdirp(dir) {
    await cb<unknown>((d) => fs.mkdir(dir, { recursive: true, mode: DIR_MODE }, d))
    // A folder made by an older build (0755) is closed too; files in it then are out of others' reach whatever their
    // mode.
    await cb<void>((d) => fs.chmod(dir, DIR_MODE, d))
  }
}

export const isNotFound = (err: unknown): boolean => (err as NodeJS.ErrnoException)?.code === 'ENOENT'

export async function unlinkIfExists(io: StoreIo, path: string): Promise<void> {
  await io.unlink(path).catch((err) => {
    if (!isNotFound(err)) throw err
  })
}

/**
 * Writes a whole file so that, under its final name, it is always complete: to `<path>.tmp`, fsynced, then renamed
 * into place. The caller makes the rename durable with syncDir (once, after any others in the same directory).
 */
export async function writeFileAtomically(io: StoreIo, path: string, data: Buffer): Promise<void> {
  const temp = `${path}.tmp`
  try {
    const fd = await io.open(temp, 'w')
    try {
      await io.writeAll(fd, data, 0)
      await io.fsync(fd)
    } finally {
      await io.close(fd)
    }
    await io.rename(temp, path)
  } catch (err) {
    await unlinkIfExists(io, temp).catch(() => {}) // best effort; the owner removes leftovers on open too
    throw err
  }
}
