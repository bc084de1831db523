// Typed facade over the request path: one method per catalog entry, generated from the catalog (the id
// `spot.order.place` becomes `spotOrderPlace`; an alias path shares its entry's method), `call(id, params)` typed
// by the catalog on both sides (ParamsOf: the entry's parameters; NormalizedResponseOf: its response), and
// gateway-generic reads (depth, klines, time) that pick the spot or futures entry.
import { CATALOG, type EndpointId } from '../../src-shared/api/catalog'
import type { ParamsOf, ParamsOptional } from '../../src-shared/api/typed'
import type { Gateway } from '../../src-shared/api/types'
import { ServerClock } from './clock'
import { intervalFor } from './prepare'
import { RateGovernor, type BucketStats, type GovernorOptions } from './rate-governor'
import { RequestExecutor, type RequestExecutorOptions } from './request'
import type { CallOptions, NormalizedResponseOf } from './types'
import type { RequestParams } from './validate'

/** Method name of an endpoint id: `futures.order.batchPlace` -> `futuresOrderBatchPlace`. */
type Camel<S extends string> = S extends `${infer H}.${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S

/** The arguments after the id: the entry's parameters (optional when it has no required one), then call options. */
export type CallArgs<I extends EndpointId> =
  ParamsOptional<I> extends true
    ? [params?: ParamsOf<I>, opts?: CallOptions]
    : [params: ParamsOf<I>, opts?: CallOptions]

export type EndpointMethods = {
  [I in EndpointId as Camel<I>]: (...args: CallArgs<I>) => Promise<NormalizedResponseOf<I>>
}

export function methodName(id: string): string {
  return id.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase())
}

/** Either hour spelling works on both gateways; the client sends the gateway's own (spot 60min, futures 1h). */
export type KlineInterval = '1min' | '5min' | '15min' | '30min' | '60min' | '1h' | '1day' | '1week' | '1month'

export interface ExchangeClientOptions extends Omit<RequestExecutorOptions, 'clock' | 'governor'> {
  clock?: ServerClock
  governor?: RateGovernor
  /** When no governor is given: options of the one created. */
  governorOptions?: GovernorOptions
  /** When no clock is given: samples per sync (default 5) and refresh period after start() (default 5 min). */
  clockSamples?: number
  clockRefreshMs?: number
}

// Declaration merging: the generated methods (installed on the prototype below) are part of the class type.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface ExchangeClient extends EndpointMethods {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ExchangeClient {
  readonly executor: RequestExecutor

  constructor(opts: ExchangeClientOptions) {
    const clock = opts.clock ?? new ServerClock({ samples: opts.clockSamples, refreshMs: opts.clockRefreshMs })
    // Budget counted up to each answer: a burst the venue queues can then never overrun its window (rate-governor.ts).
    const governor = opts.governor ?? new RateGovernor({ countAnswers: true, ...opts.governorOptions })
    this.executor = new RequestExecutor({ ...opts, clock, governor })
  }

  call<I extends EndpointId>(id: I, ...args: CallArgs<I>): Promise<NormalizedResponseOf<I>> {
    const [params, opts] = args as [RequestParams | undefined, CallOptions | undefined]
    return this.executor.call(id, params, opts) as Promise<NormalizedResponseOf<I>>
  }

  /** Syncs the clock now and keeps it fresh periodically. */
  async start(): Promise<void> {
    await this.executor.clock.sync().catch(() => undefined)
    this.executor.clock.start()
  }

  stop(): void {
    this.executor.clock.stop()
  }

  syncClock(): ReturnType<ServerClock['sync']> {
    return this.executor.clock.sync()
  }

  /** Budget use per bucket, for the status bar. */
  rateStats(): BucketStats[] {
    return this.executor.governor.stats()
  }

  // ---- one read for either gateway ----
  depth(
    gateway: Gateway,
    symbol: string,
    limit?: number,
    opts?: CallOptions
  ): Promise<NormalizedResponseOf<'spot.depth'>> {
    return gateway === 'spot'
      ? this.call('spot.depth', { symbol, limit }, opts)
      : this.call('futures.depth', { contractName: symbol, limit }, opts)
  }
  klines(
    gateway: Gateway,
    symbol: string,
    interval: KlineInterval,
    limit?: number,
    opts?: CallOptions
  ): Promise<NormalizedResponseOf<'spot.klines'>> {
    return gateway === 'spot'
      ? this.call('spot.klines', { symbol, interval: intervalFor('spot', interval), limit }, opts)
      : this.call('futures.klines', { contractName: symbol, interval: intervalFor('futures', interval), limit }, opts)
  }
  serverTime(gateway: Gateway = 'spot', opts?: CallOptions): Promise<NormalizedResponseOf<'spot.time'>> {
    return this.call(gateway === 'spot' ? 'spot.time' : 'futures.time', undefined, opts)
  }
}

for (const def of CATALOG) {
  const name = methodName(def.id)
  if (name in ExchangeClient.prototype)
    throw new Error(`client method ${name} of ${def.id} collides with an existing member`)
  Object.defineProperty(ExchangeClient.prototype, name, {
    value: function (this: ExchangeClient, params?: RequestParams, opts?: CallOptions) {
      return this.executor.call(def.id, params, opts)
    },
    writable: true,
    configurable: true
  })
}
