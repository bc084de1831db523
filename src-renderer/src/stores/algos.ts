// The shown profile's algorithms, run by main (algos.onChange: the whole list on every change). Nothing of another
// profile is kept: a switch empties the list at once and follows the new profile. A new algorithm is read here as
// main reads it (each number as the order form reads it, then the rules between fields) before it is sent.
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { readAlgoSpec, type CreateAlgoInput, type EditAlgoInput } from '@shared/ipc/schemas/algos'
import type { AlgoView } from '@shared/ipc/views/algos'
import { refusal, RefusalError } from '@shared/trading/refusal'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { useInstrumentsStore } from './instruments'
import { onProfileSwitch, profileParam, shownProfileId } from './profile-scope'
import { streamOrder } from './stream-order'
import { errorText } from './trading'

export type AlgoSpecInput = Omit<CreateAlgoInput, 'profileId'>
export type AlgoPatchInput = Omit<EditAlgoInput, 'profileId' | 'id'>

/** The spec's rules between fields, as main reads them: a RefusalError names the field and the rule. */
export function checkAlgoSpec(spec: AlgoSpecInput): void {
  const r = readAlgoSpec(spec)
  if (!r.ok) throw new RefusalError(refusal('algo-rule', r.field, r.words))
}

export const useAlgosStore = defineStore('algos', () => {
  const list = shallowRef<AlgoView[]>([])
  /** The list came from main for the shown profile (an empty one is then empty, not unknown). */
  const loaded = ref(false)
  const streamError = ref<string | null>(null)
  const order = streamOrder()
  let off: (() => void) | null = null

  function start(): void {
    void useInstrumentsStore().ensure('spot') // algorithms name spot markets by their coins
    if (!off) subscribe()
  }

  function subscribe(): void {
    off?.()
    const profileId = shownProfileId()
    off = liveSubscribe(
      'algos.onChange',
      profileParam(profileId),
      (e) => {
        if (!order.accept(e, profileId ?? shownProfileId())) return
        streamError.value = null
        list.value = e.algos
        loaded.value = true
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

  /** `profileId`: the account it was confirmed for (by default the shown one). */
  async function create(spec: AlgoSpecInput, profileId = shownProfileId()): Promise<AlgoView> {
    checkAlgoSpec(spec)
    return terminal().invoke('algos.create', { ...spec, ...profileParam(profileId) })
  }
  const pause = (a: AlgoView) => terminal().invoke('algos.pause', { ...profileParam(), id: a.id })
  const resume = (a: AlgoView) => terminal().invoke('algos.resume', { ...profileParam(), id: a.id })
  const cancel = (a: AlgoView) => terminal().invoke('algos.cancel', { ...profileParam(), id: a.id })
  const killAll = () => terminal().invoke('algos.killAll', profileParam())
  /** A safe edit: the fields given change (main refuses in words what would overfill or break the symbol's rules). */
  const edit = (a: AlgoView, patch: AlgoPatchInput) =>
    terminal().invoke('algos.edit', { ...profileParam(), id: a.id, ...patch })

  return { list, loaded, streamError, start, create, pause, resume, cancel, killAll, edit }
})
