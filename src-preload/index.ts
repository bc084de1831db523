import { contextBridge } from 'electron'

// The renderer sees exactly one frozen object; the typed contract client is added to it by the core issue.
contextBridge.exposeInMainWorld('terminal', Object.freeze({ platform: process.platform }))
