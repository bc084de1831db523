// What a start of the embedded exchange is given: the options a user sets (the CLI, cli/args.ts, parses its flags
// into them) and those only the terminal and the tests set. The CLI depends on these types, never the other way round.
import type { HttpTimeouts } from './http/timeouts'

/** How answers are shaped: `spec` (the spec's shapes) or `live` (the live venues' variance). */
export type Flavor = 'spec' | 'live'

/** An account made from a key pair given at start (`--api-key`, `--api-secret`, `--rsa-public-key`). */
export interface KeyPairArg {
  apiKey: string
  apiSecret: string
  rsaPublicKeyFile?: string
}

export interface ExchangeOptions {
  port: number
  host: string
  keys: KeyPairArg[]
  seed: number
  activity: boolean
  /** Seeded market history on a fresh start (a data dir keeps the one it started with). */
  history: boolean
  /** Seed of that history. */
  historySeed: number
  flavor: Flavor
  dataDir: string | null
  control: boolean
  /** Futures funding interval in ms (default 8 h); set only when given. */
  fundingIntervalMs?: number
}

export interface StartOptions extends Partial<ExchangeOptions> {
  clock?: () => number
  /** Heartbeat and push cadence of the WebSocket feeds (tests shorten them). */
  ws?: { pingIntervalMs?: number; throttleMs?: number; maxChannels?: number }
  /** Accounts made with rate limits lifted (bench only). */
  unlimitedKeys?: boolean
  /** false: market activity runs only when `activity.step()` is called (deterministic tests). */
  activityTimer?: boolean
  /** With a data dir: snapshot (and compact the journal) after this many commits (default 50,000; tests shorten). */
  snapshotEvery?: number
  /** Cadence of the futures tick in ms (default 1000); 0 runs it only through futuresTick() (tests). */
  futuresTickMs?: number
  /** false: the tick runs only through futuresTick() (tests), still taken as coming every futuresTickMs. */
  futuresTimer?: boolean
  log?: (line: string) => void
  /** Slow-client bounds of the HTTP server (src-sim/http/timeouts.ts); tests shorten them. */
  httpTimeouts?: Partial<HttpTimeouts>
  /** The control API's token; default a fresh random one per start. */
  controlToken?: string
}
