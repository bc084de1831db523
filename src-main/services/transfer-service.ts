// Transfers between the spot and futures wallets. The venue signs these with RSA (Ex-ts / Ex-sign), so a profile
// needs an RSA private key next to its API keys; without one the transfer is refused before anything is sent.
// A transfer goes through the profile's operation guard (orders/op-guard.ts): sent once; after an unknown outcome
// the futures capital flow is read to learn whether it took effect, and an identical transfer is refused until then.
// The capital flow names no transfer id, so a record is matched by amount, direction and time: the matching
// records just before sending (one read) and this terminal's own transfers are counted out.
import type { z } from 'zod'
import type { TransferType } from '@shared/api/wire'
import { inEnglish } from '@shared/i18n/translate'
import type { Words } from '@shared/i18n/words'
import type * as S from '@shared/ipc/schemas/account'
import type { FuturesWalletView, RsaStatusView, TransferView } from '@shared/ipc/views/status'
import {
  reconcileTransfer,
  transferTimes,
  type KnownTransfers,
  type OpWindow,
  type TransferShape
} from '../orders/op-reconcile'
import { ServiceError } from './errors'
import { appliedOrThrow } from './op-result'
import type { AfterAction } from './trading-service'
import type { ProfileRuntime, Venues } from './venues'

type In<T extends z.ZodType> = z.output<T>

/** A matching capital-flow record that is not the request being checked, at a venue time within [from, to]. */
interface Accounted {
  key: string
  from: number
  to: number
}
/** How long accounted records are kept: far longer than any reconciliation window. */
const KEEP_MS = 10 * 60_000

export class TransferService {
  readonly #accounted: Accounted[] = []

  constructor(
    private readonly venues: Venues,
    private readonly after: AfterAction
  ) {}

  async submit(i: In<typeof S.transferInput>): Promise<TransferView> {
    const rt = this.venues.get(i.profileId)
    await this.#needRsa(rt.profile.id)
    const transferType: TransferType = i.direction === 'spot-to-futures' ? 'wallet_to_contract' : 'contract_to_wallet'
    const shape: TransferShape = { coin: i.coin.toUpperCase(), amount: i.amount, direction: transferType }
    const key = `${rt.profile.id} futures.transfer ${shape.coin} ${shape.amount} ${transferType}`
    const from = rt.client.executor.clock.now() - 1000
    let baselineRead = false
    const r = await rt.ops.run({
      endpointId: 'futures.transfer',
      key,
      subject: {
        kind: 'transfer',
        coin: shape.coin,
        amount: shape.amount,
        detail: `${shape.amount} ${shape.coin} ${i.direction}`,
        words: {
          key: 'main.operation.transfer',
          params: { amount: shape.amount, coin: shape.coin, direction: `main.term.direction.${i.direction}` }
        }
      },
      // Under the lock: a retry refused while this one is checked must not re-read the baseline (it would count
      // this transfer's own record out and report it not applied).
      prepare: async () => void (baselineRead = await this.#baseline(rt, key, shape, from)),
      send: async () => ({
        transferId: String(
          (await rt.client.call('futures.transfer', { coinSymbol: shape.coin, amount: shape.amount, transferType }))
            .transferId
        )
      }),
      // No transfer id in the capital flow: a transfer found there is reported without one.
      reconcile: async (env, w) => {
        const f = await reconcileTransfer(env, shape, w, () => this.#accountedIn(key, w))
        if (f.kind !== 'applied') return f
        // Without the records from just before sending, a match may be an identical transfer made elsewhere.
        if (!baselineRead) return { kind: 'cannot-tell', reason: { key: 'main.reason.baselineUnread' } }
        this.#remember(key, f.value.time ?? w.from, f.value.time ?? w.settleAt)
        return { kind: 'applied', value: { transferId: '' } }
      }
    })
    if (r.status === 'applied' && !r.reconciled) this.#remember(key, from, rt.client.executor.clock.now() + 1000)
    this.after.refreshNow(rt.profile.id)
    return appliedOrThrow(r, () => this.after.refreshNow(rt.profile.id))
  }

  async futuresBalance(i: In<typeof S.futuresBalanceInput>): Promise<FuturesWalletView[]> {
    const rt = this.venues.get(i.profileId)
    await this.#needRsa(rt.profile.id)
    return rt.client.call('futures.balance', i.coin ? { coinSymbol: i.coin.toUpperCase() } : undefined)
  }

  async rsaStatus(i: In<typeof S.rsaStatusInput>): Promise<RsaStatusView> {
    const id = this.venues.resolveId(i.profileId)
    const c = await this.venues.credentials(id)
    const cannot = (words: Words): RsaStatusView => ({
      hasRsaKey: false,
      canTransfer: false,
      reason: inEnglish(words),
      words
    })
    if (!c) return cannot({ key: 'main.transfer.noKeys' })
    if (!c.rsaPrivateKey) return cannot({ key: 'main.transfer.needsRsa' })
    return { hasRsaKey: true, canTransfer: true, reason: null }
  }

  /**
   * Matching records just before sending (a prior identical transfer, from here or elsewhere), so that one is not
   * taken for this one. Best effort: false when the venue could not be read (a later match is then not taken as
   * this transfer).
   */
  async #baseline(rt: ProfileRuntime, key: string, shape: TransferShape, from: number): Promise<boolean> {
    const times = await transferTimes(
      (p) => rt.client.call('futures.capital', p),
      shape,
      from - 60_000,
      rt.client.executor.clock.now() + 60_000
    ).catch(() => undefined)
    if (!times) return false
    // Exact times replace what was known of this key (identical transfers are never in flight together).
    for (let n = this.#accounted.length - 1; n >= 0; n--)
      if (this.#accounted[n]!.key === key) this.#accounted.splice(n, 1)
    for (const t of times) this.#remember(key, t, t)
    return true
  }

  /** Accounted records with this key in the window: surely (all of their own span inside), or maybe. */
  #accountedIn(key: string, w: OpWindow): KnownTransfers {
    const same = this.#accounted.filter((d) => d.key === key && d.from <= w.settleAt && d.to >= w.from)
    const sure = same.filter((d) => d.from >= w.from && d.to <= w.settleAt).length
    return { sure, maybe: same.length - sure }
  }

  #remember(key: string, from: number, to: number): void {
    while (this.#accounted.length && this.#accounted[0]!.to < to - KEEP_MS) this.#accounted.shift()
    this.#accounted.push({ key, from, to })
  }

  async #needRsa(profileId: string): Promise<void> {
    const s = await this.rsaStatus({ profileId })
    if (!s.canTransfer)
      throw new ServiceError('no-rsa-key', s.words ?? { key: 'main.transfer.needsRsa' }, 'rsaPrivateKey')
  }
}
