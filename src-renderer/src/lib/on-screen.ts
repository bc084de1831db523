// Whether an element is in view (an IntersectionObserver on the viewport): a panel scrolled out of its window, or in
// a box too small to show it, need not draw its canvases until it comes back (the idle work of issue 16).
import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue'

/**
 * true while some of `el` is in the viewport; true until the observer first reports, and always where there is no
 * IntersectionObserver (drawing too much is safe, too little is not).
 */
export function useOnScreen(el: Ref<Element | null>): Ref<boolean> {
  const shown = ref(true)
  let observer: IntersectionObserver | undefined
  onMounted(() => {
    if (!el.value || typeof IntersectionObserver === 'undefined') return
    observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1]
      if (last) shown.value = last.isIntersecting
    })
    observer.observe(el.value)
  })
  onBeforeUnmount(() => observer?.disconnect())
  return shown
}
