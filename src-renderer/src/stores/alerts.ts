// The shown profile's price alerts, kept by main (alerts.onChange: the whole list on every change, with its fires),
// and their fires told: a toast (main lists every fire in the notification center itself, heard or not), a short
// tone, and a desktop notification where the page may show one (the desktop app's main process shows its own, with
// every window closed, so the page does not repeat it there). Nothing of another profile is kept or told; a switch
// empties the list at once and follows the new profile. Inputs are checked here with main's own reading before
// they are sent.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import {
  alertRuleWords,
  readAlertRule,
  sourceRefusal,
  type AlertRuleInput,
  type CreateAlertInput
} from '@shared/ipc/schemas/alerts'
import type { AlertFireView, AlertRuleView, AlertSource, AlertView } from '@shared/ipc/views/alerts'
import { gatewayOf, type Module } from '@shared/module'
import { RefusalError } from '@shared/trading/refusal'
import { t, type MessageKey } from '../i18n'
import { num } from '../lib/format'
import { marketLabel } from '../lib/market-label'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'
import { useInstrumentsStore } from './instruments'
import { usePreferencesStore } from './preferences'
import { onProfileSwitch, profileParam, shownProfileId } from './profile-scope'
import { streamOrder } from './stream-order'
import { errorText } from './trading'

/** An alert's rule in words: "Last price crosses 70,000 up". */
export function describeRule(source: AlertSource, rule: AlertRuleView): string {
  const w = alertRuleWords(source, rule, num)
  return t(w.key as MessageKey, w.params)
}

/** A short tone (WebAudio) on a fire; silent where the page has no audio. */
function tone(): void {
  try {
    const Ctx = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext
    if (!Ctx) return
    const ctx = new Ctx()
    const osc = ctx.createOscillator()
    const gain = ctx.createGain()
    osc.frequency.value = 880
    gain.gain.setValueAtTime(0.15, ctx.currentTime)
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35)
    osc.connect(gain).connect(ctx.destination)
    osc.start()
    osc.stop(ctx.currentTime + 0.35)
    osc.onended = () => void ctx.close()
  } catch {
    // No audio output (or autoplay refused before any click): the toast and the notice still tell it.
  }
}

export const useAlertsStore = defineStore('alerts', () => {
  const list = shallowRef<AlertView[]>([])
  /** The list came from main for the shown profile (an empty one is then empty, not unknown). */
  const loaded = ref(false)
  const streamError = ref<string | null>(null)
  /** The short tone on a fire (main's preference, read when first needed). */
  const sound = computed(() => usePreferencesStore().alertSound)
  const order = streamOrder()
  let off: (() => void) | null = null

  function start(): void {
    void useInstrumentsStore().ensure('spot') // alerts and fires name spot markets by their coins
    if (!off) subscribe()
  }

  function subscribe(): void {
    off?.()
    const profileId = shownProfileId()
    off = liveSubscribe(
      'alerts.onChange',
      profileParam(profileId),
      (e) => {
        if (!order.accept(e, profileId ?? shownProfileId())) return
        streamError.value = null
        list.value = e.alerts
        loaded.value = true
        for (const f of e.fired) tell(f)
      },
      { onEnd: (e) => (streamError.value = e ? errorText(e) : null) }
    )
  }

  onProfileSwitch(() => {
    list.value = []
    loaded.value = false
    streamError.value = null
    if (off) subscribe()
  })

  const labelOf = (module: Module, symbol: string): string =>
    marketLabel(module, symbol, (s) => useInstrumentsStore().symbolOf(s))

  /**
   * A fire is told once the venue's markets are in: right after a profile switch they load again, and the toast would
   * name the market by its raw symbol ("btcusdt"). If the shown profile changed meanwhile it is not told here: the
   * notification center keeps it for its own profile.
   */
  function tell(f: AlertFireView): void {
    const profileId = shownProfileId()
    void useInstrumentsStore()
      .ensure(gatewayOf(f.module))
      .catch(() => undefined) // a failed load: the fire is told by its symbol rather than not at all
      .then(() => shownProfileId() === profileId && say(f))
  }

  function say(f: AlertFireView): void {
    const title = t('alerts.fired.title', { market: labelOf(f.module, f.symbol) })
    const text = t('alerts.fired.text', { rule: describeRule(f.source, f.rule), price: num(f.price) })
    useFeedbackStore().toast('warn', title, text)
    if (sound.value) tone()
    // The desktop app's main process notifies by itself (windows closed or not); a browser tab notifies here.
    const desktop = typeof window !== 'undefined' && window.terminal !== undefined
    if (desktop || typeof Notification === 'undefined' || Notification.permission !== 'granted') return
    try {
      new Notification(title, { body: text, tag: `chtrader-alert-${f.alertId}-${f.at}` })
    } catch {
      // A host that exposes the constructor but refuses it: the toast stays.
    }
  }

  /** The rule as typed, read as main reads it: a RefusalError names the broken rule. */
  function check(module: Module, symbol: string, source: AlertSource, rule: AlertRuleInput): void {
    const r = sourceRefusal(module, symbol, source)
    if (r) throw new RefusalError(r)
    const read = readAlertRule(rule)
    if (!read.ok) throw new RefusalError(read.refusal)
  }

  async function create(input: Omit<CreateAlertInput, 'profileId'>): Promise<AlertView> {
    check(input.module, input.symbol, input.source, input.rule)
    return terminal().invoke('alerts.create', { ...input, ...profileParam() } as CreateAlertInput)
  }

  async function edit(a: AlertView, source: AlertSource, rule: AlertRuleInput, repeat: AlertView['repeat']) {
    check(a.module, a.symbol, source, rule)
    return terminal().invoke('alerts.update', { ...profileParam(), id: a.id, source, rule, repeat })
  }

  const setPaused = (a: AlertView, paused: boolean) =>
    terminal().invoke('alerts.update', { ...profileParam(), id: a.id, paused })
  const remove = (a: AlertView) => terminal().invoke('alerts.delete', { ...profileParam(), id: a.id })

  /** The market's price now, to fill a new alert's level; null when it cannot be read. */
  async function priceNow(module: Module, symbol: string, source: AlertSource): Promise<string | null> {
    try {
      if (source !== 'last') {
        const f = await terminal().invoke('market.fundingRate', { ...profileParam(), symbol })
        return source === 'mark' ? f.markPrice : f.indexPrice
      }
      const [x] = await terminal().invoke(
        'market.tickers',
        gatewayOf(module) === 'spot'
          ? { ...profileParam(), module: 'spot', symbols: [symbol] }
          : { ...profileParam(), module: 'futures', symbols: [symbol] }
      )
      return x?.close ?? null
    } catch {
      return null
    }
  }

  return { list, loaded, streamError, sound, start, labelOf, create, edit, setPaused, remove, priceNow }
})
