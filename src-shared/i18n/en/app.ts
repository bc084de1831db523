// The frame: top bar, profiles and keys, toasts, the notification center, windows, pop-outs, shortcuts.
export const app = {}
