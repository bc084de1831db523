// The trading rules of the window's profile's venue: its spot symbols and futures contracts, loaded per module on
// first use, once for every view (market list, market panel, order form, positions). A switch of profile drops them
// at once and loads the new venue's, so no order is ever checked against another venue's rules; a failed load is
// asked again on the next use, or by itself as soon as the venue answers again.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { Gateway } from '@shared/api/types'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import { ContractError } from '@shared/ipc/contract-kit'
import { t } from '../i18n'
import { wordsOrMessage } from '../i18n/words'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'
import { useFreshnessStore } from './freshness'
import { onProfileSwitch, profileParam } from './profile-scope'

/** An error's text as the window shows it: main's words in its language, else its message (kept as said then). */
const messageOf = (e: unknown): string =>
  e instanceof ContractError ? wordsOrMessage(e) : e instanceof Error ? e.message : String(e)

export const useInstrumentsStore = defineStore('instruments', () => {
  const feedback = useFeedbackStore()
  const spot = shallowRef<SpotSymbolView[] | null>(null)
  const futures = shallowRef<ContractView[] | null>(null)
  const loading = ref<Record<Gateway, boolean>>({ spot: false, futures: false })
  const errors = ref<Record<Gateway, string | null>>({ spot: null, futures: null })
  /** Modules some view asked for: loaded again for a new profile. */
  const wanted = new Set<Gateway>()
  const inflight = new Map<Gateway, Promise<void>>()
  let generation = 0

  /** Loads (again) the module's list for the window's profile; one request at a time per module. */
  function load(m: Gateway): Promise<void> {
    wanted.add(m)
    const running = inflight.get(m)
    if (running) return running
    const gen = generation
    const profile = profileParam()
    loading.value = { ...loading.value, [m]: true }
    errors.value = { ...errors.value, [m]: null }
    // Each list lands in its own ref, only if the profile it was asked for is still the window's.
    const ask: Promise<void> =
      m === 'spot'
        ? terminal()
            .invoke('market.symbols', profile)
            .then((l) => void (gen === generation && (spot.value = l)))
        : terminal()
            .invoke('market.contracts', profile)
            .then((l) => void (gen === generation && (futures.value = l)))
    const p = feedback
      .track(t(`order.instruments.loading.${m}`), ask)
      .then(
        () => undefined,
        (e: unknown) => {
          if (gen !== generation) return
          errors.value = { ...errors.value, [m]: messageOf(e) }
          feedback.error(e, t(`order.instruments.failed.${m}`))
        }
      )
      .finally(() => {
        if (gen !== generation) return
        inflight.delete(m)
        loading.value = { ...loading.value, [m]: false }
      })
    inflight.set(m, p)
    return p
  }

  /** Loads the module unless it is loaded or loading (a failed load is tried again). */
  function ensure(m: Gateway): Promise<void> {
    wanted.add(m)
    if ((m === 'spot' ? spot.value : futures.value) !== null) return Promise.resolve()
    return load(m)
  }

  const symbolOf = (s: string): SpotSymbolView | undefined => spot.value?.find((x) => x.symbol === s)
  const contractOf = (s: string): ContractView | undefined => futures.value?.find((x) => x.symbol === s)
  const spotSymbolNames = computed(() => (spot.value ?? []).map((s) => s.symbol))
  /** The first reason a module the form needs could not load, for its refusal. */
  const error = computed(() => errors.value.spot ?? errors.value.futures)

  onProfileSwitch(() => {
    generation++
    inflight.clear()
    spot.value = null
    futures.value = null
    errors.value = { spot: null, futures: null }
    loading.value = { spot: false, futures: false }
    for (const m of wanted) void load(m)
  })
  // The venue answers again: what failed to load is asked again without a click.
  const freshness = useFreshnessStore()
  watch(
    () => freshness.venueUp,
    (up) => {
      if (up) for (const m of ['spot', 'futures'] as const) if (errors.value[m] && !inflight.has(m)) void load(m)
    }
  )

  return { spot, futures, loading, errors, error, load, ensure, symbolOf, contractOf, spotSymbolNames }
})
