import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

const alias = { '@shared': resolve(import.meta.dirname, 'src-shared') }

// One project per kind of test. Projects that need a system part (D-Bus + gnome-keyring, Chromium)
// start it themselves in their globalSetup, so `npm test` passes on a fresh machine.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'test/unit/**/*.test.ts',
            'test/integration/**/*.test.ts',
            'test/conformance/**/*.test.ts',
            'test/property/**/*.test.ts'
          ],
          setupFiles: ['test/fast-check-env.ts'],
          testTimeout: 30_000,
          // beforeAll starts embedded exchanges and terminal cores (with their bots); 10 s is tight under load
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } }
        }
      },
      {
        resolve: { alias },
        plugins: [vue()],
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['test/dom/**/*.test.ts'],
          // happy-dom mounts and the stores' own timers run slowly on a loaded 2-core CI box; 5 s is too tight
          testTimeout: 20_000
        }
      },
      {
        resolve: { alias },
        test: {
          name: 'keychain',
          environment: 'node',
          include: ['test/keychain/**/*.test.ts'],
          globalSetup: ['test/keychain/setup-keyring.ts'],
          pool: 'forks',
          testTimeout: 30_000
        }
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/setup-build.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Chromium renders after IPC round trips to the core: expect.poll's 1 s default is a flake on a loaded box
          expect: { poll: { timeout: 15_000 } }
        }
      }
    ]
  }
})
