// Entry of the Electron main process. Everything Electron-specific lives under ./electron.
import { startDesktopApp } from './electron/app'

startDesktopApp()
