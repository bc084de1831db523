// Moves funds between the spot and futures wallets. Transfers are RSA-signed by main; without an RSA key on the
// profile main refuses before sending, so the panel asks first (rsaStatus) and says why it cannot transfer.
// Every transfer's outcome is kept for the session (the venue's id, or the refusal). All of it is the window's
// profile's: a switch empties it at once and loads the new profile's key status and wallet.
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { compare } from '@shared/decimal'
import { readNumber } from '@shared/trading/number-input'
import type { FuturesWalletView, RsaStatusView } from '@shared/ipc/views/status'
import { t } from '../i18n'
import { outcome, type Outcome } from '../i18n/outcome'
import { wordsText } from '../i18n/words'
import { terminal } from '../services/terminal'
import type { Refusal } from '@shared/trading/refusal'
import { useAccountStore } from './account'
import { onProfileSwitch, profileParam, shownProfileId } from './profile-scope'
import { errorText, toastError } from './trading'

export type Direction = 'spot-to-futures' | 'futures-to-spot'
/** The amount as the shared number rules name it inside their refusals (a catalog key, linked in as `@:{what}`). */
const AMOUNT = 'account.transfer.what'

/** `text`: the venue's transfer id, or why it failed. */
export interface TransferRecord extends Outcome {
  at: number
  direction: Direction
  coin: string
  amount: string
}

export const useTransferStore = defineStore('transfer', () => {
  const account = useAccountStore()
  const rsa = ref<RsaStatusView | null>(null)
  const wallet = shallowRef<FuturesWalletView[]>([])
  /** The wallet was read for the shown profile (an empty one is then empty, not unknown). */
  const walletRead = ref(false)
  const error = ref<string | null>(null)
  const records = ref<TransferRecord[]>([])
  const busy = ref(false)

  let loaded = false
  async function load(): Promise<void> {
    loaded = true
    error.value = null
    const profileId = shownProfileId()
    const mine = () => profileId === shownProfileId() // an answer for the profile the window has left is dropped
    try {
      const status = await terminal().invoke('transfer.rsaStatus', profileParam(profileId))
      if (!mine()) return
      rsa.value = status
      if (!status.canTransfer) return
      const w = await terminal().invoke('transfer.futuresBalance', profileParam(profileId))
      if (!mine()) return
      wallet.value = w
      walletRead.value = true
    } catch (e) {
      if (mine()) error.value = errorText(e)
    }
  }

  /** What the source wallet can give: spot free balance, or the futures wallet's available. */
  function availableFrom(direction: Direction, coin: string): string | undefined {
    if (direction === 'spot-to-futures') return account.free(coin)
    return wallet.value.find((w) => w.coinSymbol.toUpperCase() === coin.toUpperCase())?.available
  }

  /** `text` is the amount as typed: read exactly (number-input.ts), never rewritten. */
  function check(direction: Direction, coin: string, text: string): Refusal | null {
    if (rsa.value && !rsa.value.canTransfer) {
      const { reason, words } = rsa.value
      return {
        rule: 'rsaKey',
        field: 'transfer',
        message: reason ? wordsText(words, reason) : t('account.transfer.unavailable')
      }
    }
    if (!/^[A-Za-z0-9]{1,20}$/.test(coin))
      return { rule: 'coin', field: 'coin', message: t('account.transfer.chooseCoin') }
    const r = readNumber(text, 'amount', AMOUNT)
    if (!r.ok) return r.refusal
    const amount = r.value
    if (compare(amount, '0') <= 0)
      return { rule: 'amount', field: 'amount', message: t('account.transfer.amountPositive') }
    const free = availableFrom(direction, coin)
    if (free !== undefined && compare(amount, free) > 0)
      return {
        rule: 'balance',
        field: 'amount',
        message: t('account.transfer.tooMuch', { amount, coin, free }),
        fixes: [free]
      }
    return null
  }

  /** Sends what `check` passed: the amount as read from `text`. */
  async function submit(direction: Direction, coin: string, text: string): Promise<boolean> {
    const read = readNumber(text, 'amount', AMOUNT)
    if (!read.ok) return false
    const amount = read.value
    busy.value = true
    const base = { at: Date.now(), direction, coin, amount }
    const profileId = shownProfileId()
    // The outcome belongs to the profile it was sent on: recorded only while the window still shows it.
    const record = (r: TransferRecord): void =>
      void (profileId === shownProfileId() && (records.value = [r, ...records.value]))
    try {
      const r = await terminal().invoke('transfer.submit', { ...profileParam(profileId), direction, coin, amount })
      const told = (): string =>
        r.transferId === ''
          ? t('account.transfer.confirmedFromRecords')
          : t('account.transfer.id', { id: r.transferId })
      // Object.assign keeps the outcome's getter (a spread would freeze its words in today's language).
      record(Object.assign(outcome(true, told), base))
      await load()
      return true
    } catch (e) {
      record(
        Object.assign(
          outcome(false, () => errorText(e)),
          base
        )
      )
      toastError(e, t('account.transfer.failedToast'))
      return false
    } finally {
      busy.value = false
    }
  }

  onProfileSwitch(() => {
    rsa.value = null
    wallet.value = []
    walletRead.value = false
    error.value = null
    records.value = []
    if (loaded) void load()
  })

  return { rsa, wallet, walletRead, error, records, busy, load, availableFrom, check, submit }
})
