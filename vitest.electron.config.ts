import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

// The Electron smoke suite alone (`npm run test:electron` runs it when an Electron runtime is installed). On Linux
// the keychain check gets the keychain project's private D-Bus + gnome-keyring; macOS and Windows have their own.
// Never the developer's own keyring: the keychain project's setup starts a private one when this is set.
if (process.platform === 'linux') process.env['KEYCHAIN_TEST_PRIVATE'] = '1'

export default defineConfig({
  resolve: { alias: { '@shared': resolve(import.meta.dirname, 'src-shared') } },
  test: {
    name: 'electron',
    environment: 'node',
    include: ['test/electron/**/*.test.ts'],
    globalSetup: process.platform === 'linux' ? ['test/keychain/setup-keyring.ts'] : [],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 15_000 } }
  }
})
