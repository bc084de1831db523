// The embedded exchange's front file: the only module of src-sim that code outside src-sim imports
// (docs/ARCHITECTURE.md, "Layout and who may import whom"; test/unit/architecture/import-boundaries.test.ts).
// Tests and benches may reach inside; the terminal may not.
export { startExchange, DATA_FORMAT_VERSION, type RunningExchange, type StartOptions } from './exchange'
/** The control API's Authorization header for a run's token (the terminal funds the paper account through it). */
export { controlAuthHeader } from './control/control-guard'

// The data folder, for a host that keeps a folder this build cannot open aside and starts a fresh one
// (the terminal's embedded data folder): the refusals that mean "cannot be opened by this build", the folder's lock,
// and the store's file operations (a directory fsync).
export { StoreFormatError } from './store/data-format'
export { StoreReplayError } from './store/durable-state'
export { StoreCorruptionError } from './store/record'
export { acquireDirLock, StoreLockedError } from './store/dir-lock'
export { nodeIo } from './store/io'
