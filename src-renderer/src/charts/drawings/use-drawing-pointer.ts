// The pointer and the keys on the candle chart's drawing layer: a tool places its points click by click (Esc cancels),
// with no tool a press on a drawing selects it and drags it (or a point, on its handle) unless it is locked, Delete
// deletes the selected one. The pointer is taken only for a tool or a drawing: a press on an own order's line
// (overLine) or off the price grid is left to the chart. Listens on the plot in the capture phase, before ECharts.
import { computed, onBeforeUnmount, ref, shallowRef, watch, type Ref } from 'vue'
import {
  DRAWING_POINTS,
  type Drawing,
  type DrawingKind,
  type DrawingPoint
} from '@shared/ipc/schemas/preferences-drawings'
import { add, compare, roundToDecimals, sub } from '@shared/decimal'
import { t } from '../../i18n'
import { useAnnouncerStore } from '../../stores/announcer'
import type { MarketDrawings } from '../../stores/chart-drawings'
import { barPosition, timeAt } from './geometry'
import { onGrid, pointAt, type Mapping } from './mapping'
import { hitTest, type Shape } from './shapes'

/** A new drawing's colour, by kind: each readable on the dark and the light theme (a note is not near-white). */
export const DRAWING_COLOURS: Record<DrawingKind, string> = {
  hline: '#f0b90b',
  ray: '#3d8bfd',
  trend: '#3d8bfd',
  rect: '#c86ee6',
  fib: '#26c6da',
  channel: '#3d8bfd',
  measure: '#8e9aaf',
  text: '#3d8bfd'
}

export const toolName = (k: DrawingKind): string => t(`drawings.tools.${k}`)

export interface DrawingPointerOptions {
  store: MarketDrawings
  plot: () => HTMLElement | null
  mapping: () => Mapping | null
  /** The shapes as drawn (what a press hits). */
  shapes: () => readonly Shape[]
  /** The own line under the pointer (`order:<id>`): a press there is the chart trading's. */
  overLine: () => string | null
  /** The market shown: another one ends whatever was in progress. */
  marketKey: () => string
  /** A text drawing was just placed (its note is to be typed). */
  onTextPlaced(): void
}

let idSeq = 0
const newId = (): string => `${Date.now().toString(36)}-${(idSeq++).toString(36)}`

export function useDrawingPointer(o: DrawingPointerOptions) {
  const { store } = o
  const announcer = useAnnouncerStore()
  const tool = ref<DrawingKind | null>(null)
  const magnet = ref(false)
  const selectedId = ref<string | null>(null)
  /** Points placed of the drawing in progress, and where the pointer is (its preview). */
  const placed = shallowRef<DrawingPoint[]>([])
  const pointer = shallowRef<DrawingPoint | null>(null)
  /** A drawing being dragged, not saved until the release. */
  const draft = shallowRef<Drawing | null>(null)
  const selected = computed(() => store.list.value.find((d) => d.id === selectedId.value) ?? null)

  /** The drawing in progress as it would be with a point at the pointer (its missing points there too). */
  const inProgress = computed<Drawing | null>(() => {
    const kind = tool.value
    const pts = pointer.value ? [...placed.value, pointer.value] : placed.value
    if (!kind || !pts.length) return null
    const last = pts[pts.length - 1]!
    const points = Array.from({ length: DRAWING_POINTS[kind] }, (_, i) => pts[i] ?? last)
    return { id: 'new', kind, points, colour: DRAWING_COLOURS[kind], text: t('drawings.defaultText'), locked: false }
  })

  // ---- placing ----
  function clearPlacing(): void {
    tool.value = null
    placed.value = []
    pointer.value = null
  }
  function pick(kind: DrawingKind): void {
    const next = tool.value === kind ? null : kind
    clearPlacing()
    tool.value = next
    selectedId.value = null
    if (next) announcer.say(t('drawings.placing', { tool: toolName(kind), n: 1, of: DRAWING_POINTS[kind] }))
  }
  function cancelPlacing(): void {
    clearPlacing()
    announcer.say(t('drawings.cancelled'))
  }
  function place(m: Mapping, x: number, y: number): void {
    const kind = tool.value!
    const pt = pointAt(m, x, y, magnet.value)
    if (!pt) return
    const pts = [...placed.value, pt]
    if (pts.length < DRAWING_POINTS[kind]) {
      placed.value = pts
      announcer.say(t('drawings.placing', { tool: toolName(kind), n: pts.length + 1, of: DRAWING_POINTS[kind] }))
      return
    }
    const text = kind === 'text' ? t('drawings.defaultText') : ''
    const d: Drawing = { id: newId(), kind, points: pts, colour: DRAWING_COLOURS[kind], text, locked: false }
    clearPlacing()
    if (!store.set([...store.list.value, d])) return
    selectedId.value = d.id
    announcer.say(t('drawings.added', { tool: toolName(kind) }))
    if (kind === 'text') o.onTextPlaced()
  }

  // ---- selecting and moving ----
  let moving: { id: string; handle: number | null; m: Mapping; x: number; y: number; from: Drawing } | null = null
  const local = (e: MouseEvent): { x: number; y: number } => {
    const r = o.plot()!.getBoundingClientRect()
    return { x: e.clientX - r.left, y: e.clientY - r.top }
  }
  function onPointerDown(e: PointerEvent | MouseEvent): void {
    if (e.button !== 0 || o.overLine()) return // an own order's line: the chart trading's drag
    const m = o.mapping()
    if (!m) return
    const p = local(e)
    // Off the price grid (the volume, the axes, a pane) a press is the chart's.
    if (!onGrid(m, p)) return
    const hit = tool.value ? null : hitTest(o.shapes(), p)
    if (!tool.value && !hit) {
      if (e.type === 'pointerdown') selectedId.value = null
      return
    }
    // Ours: ECharts must not pan under it.
    e.stopPropagation()
    e.preventDefault()
    if (e.type !== 'pointerdown') return
    if (tool.value) return place(m, p.x, p.y)
    selectedId.value = hit!.id
    const d = store.list.value.find((x) => x.id === hit!.id)
    if (!d) return
    if (d.locked) {
      announcer.say(t('drawings.locked'))
      return
    }
    moving = { id: d.id, handle: hit!.handle, m, x: p.x, y: p.y, from: d }
    window.addEventListener('pointermove', onMove)
    window.addEventListener('pointerup', onUp)
  }
  /** The drawing moved by the pointer from where the press was: a point to the pointer, or all by bars and price. */
  function moved(mv: NonNullable<typeof moving>, x: number, y: number): Drawing {
    const { m, from } = mv
    if (mv.handle !== null) {
      const pt = pointAt(m, x, y, magnet.value)
      if (!pt) return from
      return { ...from, points: from.points.map((q, i) => (i === mv.handle ? pt : q)) }
    }
    const bars = Math.round((x - mv.x) / m.step)
    const a = m.priceAt(mv.y)
    const b = m.priceAt(y)
    const dp = a && b ? sub(b, a) : '0'
    const points = from.points.map((q) => ({
      t: timeAt(m.data, Math.round(barPosition(m.data, q.t, m.barSeconds)) + bars, m.barSeconds),
      p: roundToDecimals(add(q.p, dp), m.decimals, 'half-even')
    }))
    // A price at or below zero is no place to put it: it stays where it was.
    return points.every((q) => compare(q.p, '0') > 0) ? { ...from, points } : from
  }
  function onMove(e: PointerEvent): void {
    if (!moving) return
    const p = local(e)
    draft.value = moved(moving, p.x, p.y)
  }
  function endMove(): void {
    moving = null
    draft.value = null
    window.removeEventListener('pointermove', onMove)
    window.removeEventListener('pointerup', onUp)
  }
  function onUp(): void {
    const d = draft.value
    endMove()
    if (d) replace(d)
  }
  function onHover(e: PointerEvent): void {
    if (!tool.value || !placed.value.length) return
    const m = o.mapping()
    pointer.value = m ? pointAt(m, local(e).x, local(e).y, magnet.value) : null
  }

  // ---- saving a change of one ----
  function replace(d: Drawing): void {
    store.set(store.list.value.map((x) => (x.id === d.id ? d : x)))
  }
  function remove(): void {
    const d = selected.value
    if (!d) return
    if (store.set(store.list.value.filter((x) => x.id !== d.id))) {
      selectedId.value = null
      announcer.say(t('drawings.deleted', { tool: toolName(d.kind) }))
    }
  }

  // ---- keys ----
  function editable(target: EventTarget | null): boolean {
    const el = target as HTMLElement | null
    return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
  }
  function onKey(e: KeyboardEvent): void {
    // A dialog's keys are its own (its Esc closes it), whatever is in progress on the chart behind it.
    if (e.defaultPrevented || (e.target as HTMLElement | null)?.closest?.('[role="dialog"], [aria-modal="true"]'))
      return
    if (e.key === 'Escape') {
      if (moving) endMove()
      else if (tool.value) cancelPlacing()
      else if (selectedId.value && !editable(e.target)) selectedId.value = null
    } else if (e.key === 'Delete' && selected.value && !editable(e.target)) {
      e.preventDefault()
      remove()
    }
  }
  // Bubbling, after whatever has the focus: a dialog or a field that handles the key first keeps it.
  window.addEventListener('keydown', onKey)

  // ---- listeners on the plot (capture: before ECharts' own) ----
  function listen(el: HTMLElement | null | undefined, on: boolean): void {
    const f = on ? 'addEventListener' : 'removeEventListener'
    el?.[f]('pointerdown', onPointerDown as EventListener, true)
    el?.[f]('mousedown', onPointerDown as EventListener, true)
    el?.[f]('pointermove', onHover as EventListener)
  }
  watch(
    o.plot,
    (el, old) => {
      listen(old, false)
      listen(el, true)
    },
    { immediate: true }
  )
  // Another market in this chart: nothing in progress carries over.
  watch(o.marketKey, () => {
    endMove()
    clearPlacing()
    selectedId.value = null
  })
  onBeforeUnmount(() => {
    endMove()
    window.removeEventListener('keydown', onKey)
    listen(o.plot(), false)
  })

  return {
    tool: tool as Readonly<Ref<DrawingKind | null>>,
    magnet,
    selectedId,
    selected,
    draft,
    inProgress,
    pick,
    cancelPlacing,
    replace,
    remove
  }
}
