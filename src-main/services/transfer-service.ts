// Transfers between the spot and futures wallets. The venue signs these with RSA (Ex-ts / Ex-sign), so a profile
// needs an RSA private key next to its API keys; without one the transfer is refused before anything is sent.
import type { z } from 'zod'
import type { TransferType } from '@shared/api/wire'
import type * as S from '@shared/ipc/schemas/account'
import type { FuturesWalletView, RsaStatusView, TransferView } from '@shared/ipc/views/status'
import { ServiceError } from './errors'
import type { AfterAction } from './trading-service'
import type { Venues } from './venues'

type In<T extends z.ZodType> = z.output<T>

export class TransferService {
  constructor(
    private readonly venues: Venues,
    private readonly after: AfterAction
  ) {}

  async submit(i: In<typeof S.transferInput>): Promise<TransferView> {
    const rt = this.venues.get(i.profileId)
    await this.#needRsa(rt.profile.id)
    const transferType: TransferType = i.direction === 'spot-to-futures' ? 'wallet_to_contract' : 'contract_to_wallet'
    const r = await rt.client.call('futures.transfer', { coinSymbol: i.coin.toUpperCase(), amount: i.amount, transferType })
    this.after.refreshNow(rt.profile.id)
    return { transferId: r.transferId }
  }

  async futuresBalance(i: In<typeof S.futuresBalanceInput>): Promise<FuturesWalletView[]> {
    const rt = this.venues.get(i.profileId)
    await this.#needRsa(rt.profile.id)
    return rt.client.call('futures.balance', i.coin ? { coinSymbol: i.coin.toUpperCase() } : undefined)
  }

  async rsaStatus(i: In<typeof S.rsaStatusInput>): Promise<RsaStatusView> {
    const id = this.venues.resolveId(i.profileId)
    const c = await this.venues.credentials(id)
    if (!c) return { hasRsaKey: false, canTransfer: false, reason: 'this profile has no API keys' }
    if (!c.rsaPrivateKey) return { hasRsaKey: false, canTransfer: false, reason: 'transfers are RSA-signed: add an RSA private key to this profile' }
    return { hasRsaKey: true, canTransfer: true, reason: null }
  }

  async #needRsa(profileId: string): Promise<void> {
    const s = await this.rsaStatus({ profileId })
    if (!s.canTransfer) throw new ServiceError('no-rsa-key', s.reason ?? 'transfers are not available', 'rsaPrivateKey')
  }
}
