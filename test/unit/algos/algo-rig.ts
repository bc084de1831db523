// What the algorithm tests build engines and services on: a journal in memory, a venue that fails the test when
// called, no last prices, and services over a journal folder of their own, closed after each test.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { AlgoPrices } from '../../../src-main/algos/algo-engine'
import { AlgoService, type AlgoServiceOptions } from '../../../src-main/algos/algo-service'
import { algosFile, type AlgoStore } from '../../../src-main/algos/algo-store'
import type { AlgoVenue } from '../../../src-main/algos/algo-venue'
import type { Algo, AlgoRules } from '../../../src-main/algos/types'

/** A spot symbol's rules: prices in cents, sizes to 0.0001. */
export const SPOT_RULES: AlgoRules = { pricePrecision: 2, quantityPrecision: 4, limitVolumeMin: '0.0001' }

/** A journal in memory, kept as the text a file would hold (what JSON drops, a reload drops too). */
export class MemoryStore implements AlgoStore {
  /** What the last save wrote ([] before any). */
  saved: Algo[] = []
  #text: string
  constructor(algos: readonly Algo[] = []) {
    this.#text = JSON.stringify({ version: 1, algos })
  }
  load(): { algos: Algo[]; keptAside: string | null } {
    return { algos: (JSON.parse(this.#text) as { algos: Algo[] }).algos, keptAside: null }
  }
  async save(algos: readonly Algo[]): Promise<void> {
    this.#text = JSON.stringify({ version: 1, algos })
    this.saved = this.load().algos
  }
  async flushed(): Promise<void> {}
  /** Every child's client order id the journal holds. */
  cids(): Set<string> {
    return new Set(this.load().algos.flatMap((a) => a.children.map((c) => c.clientOrderId)))
  }
}

/** A venue any call to which fails (its name listed in `calls` when given): for algorithms that must send nothing. */
export function refusingVenue(calls?: string[]): AlgoVenue {
  return new Proxy({} as AlgoVenue, {
    get: (_t, name) => () => {
      calls?.push(String(name))
      return Promise.reject(new Error(`the venue was called: ${String(name)}`))
    }
  })
}

/** Last prices that never come. */
export const NO_PRICES: AlgoPrices = { follow: () => () => undefined }

export type RigOptions = Partial<Omit<AlgoServiceOptions, 'dir'>> & {
  /** What profile p's journal file holds at start (anything: a test of an unreadable one writes what it likes). */
  journal?: readonly unknown[]
}

/**
 * A maker of services (profile p by default) over a journal folder of their own, with a venue that fails when called,
 * no prices, no refusal by the symbol's rules and spot rules unless said; each closed after its test. Call it where
 * `afterEach` may be (a file's top level or a describe).
 */
export function serviceRig(): (o?: RigOptions) => AlgoService {
  const open: AlgoService[] = []
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close()
  })
  return ({ journal, ...o } = {}) => {
    const dir = join(mkdtempSync(join(tmpdir(), 'algo-rig-')), 'algos')
    mkdirSync(dir)
    if (journal) writeFileSync(algosFile(dir, 'p'), JSON.stringify({ version: 1, algos: journal }))
    const service = new AlgoService({
      dir,
      resolveId: (named) => named ?? 'p',
      venue: () => refusingVenue(),
      prices: () => NO_PRICES,
      check: async () => undefined,
      rules: async () => SPOT_RULES,
      log: () => undefined,
      ...o
    })
    open.push(service)
    return service
  }
}
