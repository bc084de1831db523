// Keeps a position's TP/SL legs within the position. The venue keeps a leg's volume as placed: after half of a
// 45-contract position is closed its stop-loss still says 45 (it would close only what is left when it fires, but
// the trader reads 45 and cannot tell what protects what). So whenever a read of the positions shows a position of
// a size not seen before (a partial close from any source: the row, the order form, a fired leg, a liquidation
// step), main reads the contract's waiting trigger orders and replaces each closing leg larger than the position
// placed by this terminal as TP/SL in this run (others are left as they are: see #fit) by one of the position's
// size, same trigger and order price: the new leg is placed first, then the old one is
// cancelled, so the position is never without its stop meanwhile. Smaller legs (a partial take-profit) are left as
// set. Both steps go through the operation guard (FuturesTradingService), so a retry cannot duplicate a leg. The
// trigger list does not say whether a leg triggers on the mark or the last price: the replacement triggers on the
// mark, as the terminal's own legs do. One run per position at a time; a size seen meanwhile queues one more.
import { compare } from '@shared/decimal'
import type { PositionView, TriggerOrderView } from '@shared/ipc/views/account'
import { legResize } from '@shared/trading/close-size'
import type { FuturesTradingService } from './futures-trading-service'
import type { Venues } from './venues'

export interface TpSlKeeperDeps {
  venues: Venues
  futures: Pick<FuturesTradingService, 'placeTpSl' | 'cancelTrigger' | 'tpslLegs'>
  log: (line: string) => void
}

const WAITING = 1

export class TpSlKeeper {
  /** Last size seen per profile and position id. */
  readonly #seen = new Map<string, Map<string, string>>()
  /** Positions being brought in line, and whether another size arrived meanwhile. */
  readonly #running = new Map<string, { again: PositionView | null }>()

  constructor(private readonly d: TpSlKeeperDeps) {}

  /** A read of the profile's positions (every one of them: a position absent from it is closed). */
  saw(profileId: string, positions: readonly PositionView[]): void {
    const seen = this.#seen.get(profileId) ?? new Map<string, string>()
    const next = new Map<string, string>()
    for (const p of positions) {
      if (p.status !== 1 || compare(p.volume, '0') <= 0) continue
      next.set(p.id, p.volume)
      if (seen.get(p.id) !== p.volume) this.#check(profileId, p)
    }
    this.#seen.set(profileId, next)
  }

  /** Settles when no run is in flight (tests wait on it). */
  async idle(): Promise<void> {
    while (this.#running.size) await new Promise((r) => setImmediate(r))
  }

  #check(profileId: string, p: PositionView): void {
    const key = `${profileId} ${p.id}`
    const run = this.#running.get(key)
    if (run) {
      run.again = p
      return
    }
    const state = { again: null as PositionView | null }
    this.#running.set(key, state)
    const loop = async (pos: PositionView): Promise<void> => {
      try {
        await this.#fit(profileId, pos)
      } catch (e) {
        this.d.log(`tpsl-keeper: ${pos.contractName} position ${pos.id}: ${e instanceof Error ? e.message : String(e)}`)
      }
      const again = state.again
      state.again = null
      if (again) return loop(again)
      this.#running.delete(key)
    }
    void loop(p)
  }

  async #fit(profileId: string, p: PositionView): Promise<void> {
    const rt = this.d.venues.get(profileId)
    const closing = p.side === 'BUY' ? 'SELL' : 'BUY'
    const list = await rt.client.call(
      'futures.triggerOrder.list',
      { contractName: p.contractName, page: 1, limit: 1000 },
      { priority: 'background' }
    )
    // Only legs placed here as TP/SL: the venue's list cannot tell a trailing stop or another client's conditional
    // close from a TP/SL leg, and replacing one with a plain leg would change an order the trader did not ask to
    // change.
    const mine = this.d.futures.tpslLegs(profileId)
    const legs = list.trigOrderList.filter(
      (t) =>
        t.status === WAITING &&
        t.open === 'CLOSE' &&
        t.side === closing &&
        kindOf(t) !== null &&
        (mine.has(t.id) || mine.has(t.triggerOrderId))
    )
    for (const t of legs) {
      const volume = legResize(t.volume, p.volume)
      if (!volume) continue
      const leg = {
        triggerPrice: t.triggerPrice,
        volume,
        ...(compare(t.price, '0') > 0 ? { type: 'LIMIT' as const, price: t.price } : { type: 'MARKET' as const }),
        ...(t.expireTime > 0 ? { expiresAt: t.expireTime } : {})
      }
      const kind = kindOf(t) === 'stop-loss' ? 'stopLoss' : 'takeProfit'
      try {
        await this.d.futures.placeTpSl({
          profileId,
          symbol: p.contractName,
          positionId: p.id,
          side: closing,
          positionType: p.positionType === 2 ? 2 : 1,
          [kind]: leg
        })
      } catch (e) {
        // Not replaced (its trigger is already crossed, the venue refused...): the old leg stays, and the venue
        // closes at most what is left when it fires.
        this.d.log(
          `tpsl-keeper: ${p.contractName} ${kindOf(t)} ${t.triggerOrderId} not resized to ${volume}: ${e instanceof Error ? e.message : String(e)}`
        )
        continue
      }
      await this.d.futures.cancelTrigger({ profileId, symbol: p.contractName, orderId: t.triggerOrderId })
      this.d.log(
        `tpsl-keeper: ${p.contractName} ${kindOf(t)} ${t.triggerOrderId} resized from ${t.volume} to ${volume} contracts (position ${p.id})`
      )
    }
  }
}

/** The client's normalisation already maps the venues' 1 and 2 to 3 (stop-loss) and 4 (take-profit). */
function kindOf(t: Pick<TriggerOrderView, 'triggerType'>): 'stop-loss' | 'take-profit' | null {
  return t.triggerType === 3 ? 'stop-loss' : t.triggerType === 4 ? 'take-profit' : null
}
