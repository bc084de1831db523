// The one IPC channel of the app: ClientMessage renderer -> main, ServerMessage main -> renderer.
// src-preload/index.ts holds the same string (preload may not import src-main); a unit test pins the two.
export const CONTRACT_CHANNEL = 'terminal:contract'
