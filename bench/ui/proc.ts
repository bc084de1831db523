// What the live benches (idle.bench.ts, soak.bench.ts) read from /proc: a process's CPU time (utime + stime of all
// its threads) and resident memory, and Chromium's processes by the --type of their command line. Linux only.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const conf = (name: string, fallback: number): number => {
  try {
    return Number(execFileSync('getconf', [name], { encoding: 'utf8' }).trim()) || fallback
  } catch {
    return fallback
  }
}
/** Clock ticks per second of /proc's CPU times. */
export const CLK_TCK = conf('CLK_TCK', 100)
const PAGE_SIZE = conf('PAGESIZE', 4096)

/** /proc/PID/stat from field 3 (state) on: the command name, which may hold spaces, is cut off. */
function statFields(pid: number): string[] | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return s.slice(s.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null // the process ended
  }
}

/** CPU seconds the process has used so far (user + system, all threads), or null once it has ended. */
export function cpuSeconds(pid: number): number | null {
  const f = statFields(pid)
  return f ? (Number(f[11]) + Number(f[12])) / CLK_TCK : null // fields 14 (utime) and 15 (stime)
}

/** Resident set size in bytes (/proc/PID/statm), or null once the process has ended. */
export function rssBytes(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_SIZE
  } catch {
    return null
  }
}

function parentOf(pid: number): number | null {
  const f = statFields(pid)
  return f ? Number(f[1]) : null
}

/** The command line as one string: Chromium rewrites its processes' titles, so NULs do not split their arguments. */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

function allPids(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
}

/** Every process below `root` (children, their children, ...). */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const pid of allPids()) {
    const p = parentOf(pid)
    if (p !== null) children.set(p, [...(children.get(p) ?? []), pid])
  }
  const out: number[] = []
  const walk = (pid: number): void => {
    for (const c of children.get(pid) ?? []) {
      out.push(c)
      walk(c)
    }
  }
  walk(root)
  return out
}

export interface ChromiumProcess {
  pid: number
  /** The --type of its command line (`renderer`, `gpu-process`, `utility`, `zygote`, ...); `browser` for none. */
  type: string
}

/**
 * The Chromium this process launched (playwright spawns it as a direct child; its command line has no --type) and
 * every process under it, each with its type.
 */
export function chromiumProcesses(): ChromiumProcess[] {
  const browser = allPids().find(
    (pid) =>
      parentOf(pid) === process.pid &&
      commandLine(pid).includes('--user-data-dir=') &&
      !commandLine(pid).includes('--type=')
  )
  if (browser === undefined) throw new Error('no Chromium started by this process was found in /proc')
  return [browser, ...descendants(browser)].map((pid) => ({
    pid,
    type: /--type=(\S+)/.exec(commandLine(pid))?.[1] ?? 'browser'
  }))
}

/** CPU seconds of each process now; the share of a core between two readings is cpuShare's. */
export function cpuReading(pids: readonly number[]): { at: number; cpu: Map<number, number> } {
  const cpu = new Map<number, number>()
  for (const pid of pids) {
    const s = cpuSeconds(pid)
    if (s !== null) cpu.set(pid, s)
  }
  return { at: performance.now(), cpu }
}

/** Share of one core (0.25 = 25 %) each process used between two readings; a process gone by the second is left out. */
export function cpuShare(a: ReturnType<typeof cpuReading>, b: ReturnType<typeof cpuReading>): Map<number, number> {
  const wall = (b.at - a.at) / 1000
  const out = new Map<number, number>()
  for (const [pid, end] of b.cpu) {
    const start = a.cpu.get(pid)
    if (start !== undefined) out.set(pid, (end - start) / wall)
  }
  return out
}
