// The userData folder the desktop app uses: CHT_USER_DATA_DIR when set (absolute only), else Electron's default.
import { describe, expect, it } from 'vitest'
import { applyUserDataDir, USER_DATA_ENV } from '../../../src-main/electron/user-data'

function fakeApp() {
  const set: [string, string][] = []
  return { set, app: { setPath: (name: string, path: string) => void set.push([name, path]) } }
}

describe('userData folder', () => {
  it('is set from the environment when an absolute path is given', () => {
    const { set, app } = fakeApp()
    expect(applyUserDataDir(app as never, { [USER_DATA_ENV]: '/tmp/cht-smoke-1' })).toBe('/tmp/cht-smoke-1')
    expect(set).toEqual([['userData', '/tmp/cht-smoke-1']])
  })

  it("stays Electron's default when unset or empty", () => {
    const { set, app } = fakeApp()
    expect(applyUserDataDir(app as never, {})).toBeNull()
    expect(applyUserDataDir(app as never, { [USER_DATA_ENV]: '' })).toBeNull()
    expect(set).toEqual([])
  })

  it('refuses a relative path, naming the variable, and sets nothing', () => {
    const { set, app } = fakeApp()
    expect(() => applyUserDataDir(app as never, { [USER_DATA_ENV]: 'data' })).toThrow(
      /CHT_USER_DATA_DIR must be an absolute path/
    )
    expect(set).toEqual([])
  })
})
