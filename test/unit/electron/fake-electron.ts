// A small stand-in for the parts of Electron the shell uses, for vi.mock('electron'): just enough behaviour
// (events, handlers, bounds) to drive the real code and observe what it asked Electron to do.
import { EventEmitter } from 'node:events'

let nextId = 1
let nextRouting = 1

export class FakeFrame {
  readonly routingId = nextRouting++
  constructor(
    public url: string,
    public parent: FakeFrame | null,
    public processId: number
  ) {}
}

/** Listeners see `{ preventDefault }` events; `prevented` says whether any listener called it. */
export function fakeEvent(): { preventDefault(): void; prevented: boolean } {
  const e = { prevented: false, preventDefault: () => void (e.prevented = true) }
  return e
}

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++
  readonly mainFrame: FakeFrame
  readonly sent: [string, unknown][] = []
  windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null
  private destroyed = false
  constructor(url: string) {
    super()
    this.mainFrame = new FakeFrame(url, null, 100 + this.id)
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  send(channel: string, message: unknown): void {
    this.sent.push([channel, message])
  }
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }): void {
    this.windowOpenHandler = h
  }
  destroy(): void {
    this.destroyed = true
    this.emit('destroyed')
  }
  /** Emits `name` with a fresh event and returns whether a listener prevented it. */
  fire(name: string, ...args: unknown[]): boolean {
    const e = fakeEvent()
    this.emit(name, e, ...args)
    return e.prevented
  }
}

interface Bounds {
  x: number
  y: number
  width: number
  height: number
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = []
  static getFocusedWindow(): FakeBrowserWindow | null {
    return null
  }
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.created.filter((w) => !w.isDestroyed())
  }
  readonly webContents = new FakeWebContents('about:blank')
  bounds: Bounds
  loaded: { url?: string } = {}
  maximized = false
  shown = false
  focused = 0
  private destroyed = false
  constructor(public options: Record<string, unknown> & Partial<Bounds>) {
    super()
    this.bounds = { x: options.x ?? 10, y: options.y ?? 10, width: options.width ?? 800, height: options.height ?? 600 }
    FakeBrowserWindow.created.push(this)
  }
  loadURL(url: string): Promise<void> {
    this.loaded = { url }
    this.webContents.mainFrame.url = url
    return Promise.resolve()
  }
  getNormalBounds(): Bounds {
    return { ...this.bounds }
  }
  setBounds(b: Bounds): void {
    this.bounds = b
    this.emit('move')
  }
  isMaximized(): boolean {
    return this.maximized
  }
  maximize(): void {
    this.maximized = true
  }
  isMinimized(): boolean {
    return false
  }
  restore(): void {}
  focus(): void {
    this.focused++
  }
  show(): void {
    this.shown = true
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  /** The user clicks the close button: 'close' (preventable), then 'closed'. */
  close(): boolean {
    const e = fakeEvent()
    this.emit('close', e)
    if (e.prevented) return false
    this.destroyed = true
    this.webContents.destroy()
    this.emit('closed')
    return true
  }
}

export const displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]

/** What the shell registered: custom schemes' privileges (before ready). */
export const protocolCalls: { privileged: unknown[] } = { privileged: [] }

/** Message boxes shown (parent window or none, options); the next answers are taken from `answers`. */
export const dialogCalls: { shown: { parent: unknown; options: Record<string, unknown> }[]; answers: number[] } = {
  shown: [],
  answers: []
}
const showMessageBox = (...args: unknown[]): Promise<{ response: number }> => {
  const [parent, options] = args.length === 2 ? args : [null, args[0]]
  dialogCalls.shown.push({ parent, options: options as Record<string, unknown> })
  return Promise.resolve({ response: dialogCalls.answers.shift() ?? 1 })
}

/** The application menus set (the template each was built from), newest last. */
export const menuCalls: { set: unknown[] } = { set: [] }
const Menu = {
  buildFromTemplate: (template: unknown[]) => ({ template }),
  setApplicationMenu: (menu: unknown) => void menuCalls.set.push(menu)
}

export const electron = {
  app: { isPackaged: false },
  Menu,
  dialog: { showMessageBox },
  ipcMain: new EventEmitter(),
  BrowserWindow: FakeBrowserWindow,
  screen: { getAllDisplays: () => displays },
  protocol: { registerSchemesAsPrivileged: (schemes: unknown[]) => void protocolCalls.privileged.push(...schemes) }
}
