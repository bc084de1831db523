// bench/step-aside.ts: a thread that ends between listing and lowering (ESRCH) is passed over; any other error
// (EACCES, EPERM) is the bench's to see. Thread priorities are faked: a real thread cannot be made to end on cue.
import { getPriority, setPriority } from 'node:os'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stepAside } from '../../../bench/step-aside'

vi.mock('node:os', async (actual) => ({
  ...(await actual<typeof import('node:os')>()),
  getPriority: vi.fn(),
  setPriority: vi.fn()
}))
const failing = (code: string) => () => {
  throw Object.assign(new Error(code), { code })
}

describe.runIf(process.platform === 'linux')('stepAside on errors', () => {
  afterEach(() => {
    vi.mocked(getPriority).mockReset()
    vi.mocked(setPriority).mockClear()
  })

  it('passes over a thread that ended meanwhile (ESRCH)', () => {
    vi.mocked(getPriority).mockImplementationOnce(failing('ESRCH')).mockReturnValue(0)
    const lowered = stepAside(19)
    expect(lowered).toBe(vi.mocked(getPriority).mock.calls.length - 1) // every listed thread but the ended one
    expect(vi.mocked(setPriority).mock.calls.length).toBe(lowered)
  })

  it('throws any other error', () => {
    vi.mocked(getPriority).mockImplementation(failing('EACCES'))
    expect(() => stepAside(19)).toThrow('EACCES')
  })
})
