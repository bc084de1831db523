// The TP/SL legs of a position as the positions table edits them: the typed legs read exactly (refused in words,
// never rewritten), told in words in the confirmation (position-confirm.ts), then attached, replaced or removed
// through the legs store. The table owns the messages, the busy state and the editor of each row; every refusal of
// the typed legs is kept here for the editor to show beside its field.
import { ref } from 'vue'
import { t } from '../../i18n'
import { wordsText } from '../../i18n/words'
import { usePositionLegsStore, type PositionLeg } from '../../stores/position-legs'
import { usePositionsStore, type PositionRow } from '../../stores/positions'
import type { Refusal } from '@shared/trading/refusal'
import { RefusalError } from '@shared/trading/refusal'
import { num } from '../../lib/format'
import type { LegDraft, LegText } from './TpSlEditor.vue'
import { usePositionWords } from './position-words'

export interface LegsFlowHost {
  /** The confirmation gate (position-confirm.ts). */
  gate(what: string, run: () => Promise<void>, lines?: string[]): Promise<void>
  /** Runs an action, telling its outcome in the table's message line. */
  act(what: () => Promise<unknown>, ok: () => string): Promise<void>
  /** Refusals in words in the message line (every rule broken, each also said beside its field in the editor). */
  refused(r: Refusal | Refusal[]): void
  /** Any other failure in the message line. */
  fail(e: unknown): void
  /** A typed number read exactly (null when empty), or a RefusalError naming the rule. */
  typed(text: string | undefined, field: string, what: string): string | null
  /** The editor open under each row, by position id: a new leg, or the leg being edited. */
  editing: Record<string, { leg: PositionLeg | null } | undefined>
}

export function usePositionLegsFlow(o: LegsFlowHost) {
  const positions = usePositionsStore()
  const legs = usePositionLegsStore()
  const { dp, name, contracts } = usePositionWords()

  type LegInput = { triggerPrice: string; volume: string; price?: string }
  /** The refusals the open editor shows beside its fields, by field path, in words made when read. */
  const refusals = ref<Refusal[]>([])
  const errors = () => refusals.value.map((r) => ({ field: r.field, text: wordsText(r.words, r.message) }))
  /**
   * One typed leg read exactly; null when not filled in, or when one of its texts is refused (the refusal goes to
   * `into`, every field read so each unreadable one is named).
   */
  function readLeg(p: PositionRow, kind: PositionLeg['kind'], leg: LegText | null, into: Refusal[]): LegInput | null {
    if (!leg) return null
    const field = kind === 'stop-loss' ? 'stopLoss' : 'takeProfit'
    let ok = true
    const read = (text: string, path: string, what: string): string | null => {
      try {
        return o.typed(text, `${field}.${path}`, `orders.positions.what.${what}.${kind}`)
      } catch (e) {
        if (!(e instanceof RefusalError)) throw e
        into.push(e.refusal)
        ok = false
        return null
      }
    }
    const triggerPrice = read(leg.trigger, 'triggerPrice', 'trigger')
    const volume = read(leg.volume, 'volume', 'qty') ?? p.volume
    const price = read(leg.price, 'price', 'orderPrice')
    return ok && triggerPrice ? { triggerPrice, volume, ...(price ? { price } : {}) } : null
  }
  /** A leg in words: "stop-loss for the whole position (45 contracts) at trigger 60,000.0, then at market". */
  function legWords(p: PositionRow, kind: PositionLeg['kind'], l: LegInput): string {
    const size =
      l.volume === p.volume
        ? t('orders.positions.legWhole', { n: contracts(l.volume) })
        : t('orders.positions.legPart', { n: contracts(l.volume), total: contracts(p.volume) })
    const words = { kind: t(`orders.triggerWord.${kind}`), size, trigger: num(l.triggerPrice, dp(p)) }
    return l.price
      ? t('orders.positions.legLimit', { ...words, price: num(l.price, dp(p)) })
      : t('orders.positions.legMarket', words)
  }

  function submitLegs(p: PositionRow, d: LegDraft): Promise<void> {
    const old = o.editing[p.id]?.leg ?? null
    let sl: LegInput | null, tp: LegInput | null
    try {
      const unread: Refusal[] = []
      sl = readLeg(p, 'stop-loss', d.stopLoss, unread)
      tp = readLeg(p, 'take-profit', d.takeProfit, unread)
      // Every rule broken, before any confirmation: the texts that do not read, then the rules of the legs that do
      // (a leg that did not read is not checked; "no leg" is not said of legs that were typed but refused).
      const checked = positions.tpslCheck(p, { ...(sl ? { stopLoss: sl } : {}), ...(tp ? { takeProfit: tp } : {}) })
      const all = [...unread, ...checked.refusals.filter((r) => !(unread.length && r.rule === 'tpsl'))]
      refusals.value = all
      if (all.length) {
        o.refused(all)
        return Promise.resolve()
      }
    } catch (e) {
      o.fail(e)
      return Promise.resolve()
    }
    const slWords = sl && legWords(p, 'stop-loss', sl)
    const tpWords = tp && legWords(p, 'take-profit', tp)
    const words =
      slWords && tpWords ? t('orders.positions.legsBoth', { sl: slWords, tp: tpWords }) : (slWords ?? tpWords ?? '')
    return o.gate(
      old
        ? t('orders.positions.replace', {
            kind: t(`orders.triggerWord.${old.kind}`),
            trigger: num(old.triggerPrice, dp(p)),
            volume: num(old.volume),
            legs: words,
            market: name(p)
          })
        : t('orders.positions.attach', { legs: words, market: name(p) }),
      () =>
        o.act(
          async () => {
            if (old) await legs.replace(p, old, (sl ?? tp)!)
            else await legs.add(p, { ...(sl ? { stopLoss: sl } : {}), ...(tp ? { takeProfit: tp } : {}) })
            o.editing[p.id] = undefined
          },
          () =>
            old
              ? t('orders.positions.replaced', { kind: t(`orders.triggerWord.${old.kind}`), market: name(p) })
              : t('orders.positions.attached', { market: name(p) })
        )
    )
  }
  function removeLeg(p: PositionRow, l: PositionLeg): Promise<void> {
    const kind = t(`orders.triggerWord.${l.kind}`)
    return o.gate(
      t('orders.positions.removeWhat', {
        kind,
        trigger: num(l.triggerPrice, dp(p)),
        volume: num(l.volume),
        market: name(p)
      }),
      () =>
        o.act(
          () => legs.remove(p, l),
          () => t('orders.positions.removed', { kind: t(`orders.triggerWord.${l.kind}`), market: name(p) })
        )
    )
  }

  return { submitLegs, removeLeg, errors, clearErrors: () => (refusals.value = []) }
}
