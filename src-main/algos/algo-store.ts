// The algorithms' journal: one file per profile, `<userData>/algos/<profileId>.json`, replaced atomically and
// private (vault/json-file.ts) at every change, and each change on disk before the engine acts on it (a child's
// client id is written before its place is sent). Read through its zod schema: a file that cannot be read is kept
// aside as `<file>.unreadable-<time>` and the algorithms that could be read are kept; nothing is dropped unsaid.
import { existsSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { ALGO_KINDS } from '@shared/ipc/schemas/algos'
import { decimalText } from '@shared/ipc/schemas/common'
import { EDITABLE_FIELDS } from './edits'
import { futuresFault } from './futures-spec'
import { readJsonFile, SerialWriter, versionedList } from '../vault/json-file'
import type { Algo } from './types'

const words = z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })
const side = z.enum(['BUY', 'SELL'])
const child = z.object({
  clientOrderId: z.string().min(1),
  role: z.enum(['limit', 'stop', 'entry', 'take-profit', 'slice', 'level']),
  side,
  type: z.enum(['LIMIT', 'MARKET']),
  volume: decimalText,
  price: decimalText.optional(),
  state: z.enum(['placing', 'open', 'cancelling', 'final', 'not-placed']),
  orderId: z.string().optional(),
  filled: decimalText,
  status: z.string().optional(),
  error: words.optional(),
  at: z.number().optional(),
  cancelled: z.boolean().optional(),
  slice: z.number().int().min(0).optional(),
  level: z.number().int().min(0).optional()
})
const storedAlgo = z.object({
  id: z.string().min(1),
  profileId: z.string().min(1),
  spec: z.object({
    kind: z.enum(ALGO_KINDS),
    module: z.enum(['spot', 'futures']),
    symbol: z.string().min(1),
    side,
    open: z.enum(['OPEN', 'CLOSE']).optional(),
    positionType: z.literal([1, 2]).optional(),
    quantity: decimalText,
    limitPrice: decimalText.optional(),
    triggerPrice: decimalText.optional(),
    stopLimitPrice: decimalText.optional(),
    trailPercent: decimalText.optional(),
    takeProfitPrice: decimalText.optional(),
    visibleQuantity: decimalText.optional(),
    durationSeconds: z.number().int().positive().optional(),
    slices: z.number().int().positive().optional(),
    jitter: z.boolean().optional(),
    fromPrice: decimalText.optional(),
    toPrice: decimalText.optional(),
    orders: z.number().int().positive().optional(),
    sizing: z.enum(['linear', 'geometric']).optional(),
    sizeFactor: decimalText.optional(),
    maxDistancePercent: decimalText.optional(),
    intervalSeconds: z.number().int().positive().optional(),
    fireLate: z.boolean()
  }),
  state: z.enum(['waiting', 'working', 'paused', 'stopping', 'done', 'cancelled', 'failed']),
  pausedFrom: z.enum(['waiting', 'working']).optional(),
  stopping: z.object({ end: z.enum(['cancelled', 'failed', 'done']), reason: words }).optional(),
  triggered: z.object({ price: decimalText, at: z.number(), late: z.boolean() }).optional(),
  extreme: decimalText.optional(),
  missed: z.object({ price: decimalText, at: z.number() }).optional(),
  children: z.array(child),
  rules: z
    .object({ pricePrecision: z.number(), quantityPrecision: z.number(), limitVolumeMin: decimalText })
    .optional(),
  schedule: z.array(z.number()).optional(),
  levels: z.array(z.object({ price: decimalText, volume: decimalText })).optional(),
  anchor: decimalText.optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  endedAt: z.number().optional(),
  reason: words.optional(),
  edits: z
    .array(
      z.object({
        at: z.number(),
        changes: z.array(z.object({ field: z.enum(EDITABLE_FIELDS), from: z.string().nullable(), to: z.string() }))
      })
    )
    .optional()
}) satisfies z.ZodType<Algo>
// A futures algorithm of a kind that does not run there, or without its open or margin mode, is not read (the file is
// kept aside, saying so): it is never sent to spot or with a guessed open or margin mode.
const runnableAlgo = storedAlgo.refine((a) => futuresFault(a.spec) === null, {
  message: 'a futures algorithm of a kind that does not run on futures, or without its open or margin mode'
})

export const ALGOS_FILE_VERSION = 1

export interface AlgoStore {
  /** The profile's algorithms as last saved. */
  load(): { algos: Algo[]; keptAside: string | null; reason?: string }
  /** Writes the whole list; resolves once it is on disk (writes happen in the order asked). */
  save(algos: readonly Algo[]): Promise<void>
  flushed(): Promise<void>
}

export const algosFile = (dir: string, profileId: string): string => join(dir, `${profileId}.json`)

export function fileAlgoStore(file: string, log: (line: string) => void, scrub?: <T>(v: T) => T): AlgoStore {
  const writer = new SerialWriter(file, 'algos', log)
  return {
    load: () => load(file, log),
    save(algos) {
      const body = { version: ALGOS_FILE_VERSION, algos }
      return writer.write(`${JSON.stringify(scrub ? scrub(body) : body)}\n`)
    },
    flushed: () => writer.flushed()
  }
}

/** Removes a profile's journal (the profile is gone). */
export function removeAlgoFile(file: string): void {
  if (existsSync(file)) unlinkSync(file)
}

function load(file: string, log: (line: string) => void): { algos: Algo[]; keptAside: string | null; reason?: string } {
  const r = readJsonFile(file, {
    name: 'algos',
    log,
    empty: (): Algo[] => [],
    read: (raw) =>
      versionedList(raw, {
        version: ALGOS_FILE_VERSION,
        key: 'algos',
        item: runnableAlgo,
        what: 'algorithms',
        noun: 'algorithm(s)'
      })
  })
  return r.keptAt === null
    ? { algos: r.value, keptAside: null }
    : { algos: r.value, keptAside: r.keptAt, reason: r.reason ?? '' }
}
