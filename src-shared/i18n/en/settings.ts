// The settings dialog.
export const settings = {
  title: 'Settings',
  closeHint: 'Close (Esc)',
  tabs: {
    profiles: 'Profiles',
    appearance: 'Appearance',
    trading: 'Trading',
    notifications: 'Notifications',
    shortcuts: 'Shortcuts'
  },
  appearance: {
    themeHint: 'Theme of every window of the terminal.',
    themes: { dark: 'Dark', light: 'Light' },
    language: 'Language',
    languageHint: 'Of every window; "Follow the system" reads the language of the system or browser at each start.'
  },
  trading: {
    confirmOrders: 'Confirm orders before sending',
    confirmOrdersHint: 'Show a summary of the order (side, size, price, total) and ask before it or a batch is sent.'
  },
  notifications: {
    notifyFills: 'Desktop notification when an order fills',
    permission: {
      granted: 'Allowed by the system',
      denied: 'Blocked: allow notifications for this app in the system or browser settings',
      default: 'Not asked yet: turning them on asks',
      unsupported: 'Not supported here: fills are shown as toasts in the window'
    },
    test: 'Send a test notification',
    testTitle: 'Order filled · BTCUSDT',
    testBody: "Bought 0.01 {'@'} 65000.00 (test notification)"
  },
  shortcuts: {
    toggle: 'Keyboard shortcuts',
    toggleHint: 'Keys typed into a field always stay in the field.'
  }
}
