// What the Electron smoke suite checks, by name: the suite's test titles and the line `npm run test:electron`
// prints when it cannot run them, from one list, so the skip line always names exactly what was not run.
export const SMOKE_CHECKS = {
  window: 'the main window loads from app:// with the CSP header',
  isolation: 'the page has no Node (require, process) and only the contract bridge',
  market: 'a market streams in the main window',
  popout: 'a pop-out opens through windows.open and is restored after a relaunch',
  singleInstance: 'a second launch focuses the first and exits',
  keychain: 'keys go to the OS keychain when a Secret Service runs',
  quit: 'quitting leaves no process behind'
} as const
