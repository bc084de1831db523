// The embedded exchange's data folder of another format version (or of none, or damaged): the terminal still
// starts, keeps that folder intact beside a fresh one, re-makes the paper account for the stored keys, and tells the
// user once. A good folder is reused as is; a folder another process is using is an error and is not moved.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync
} from 'node:fs'
import { hostname } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { translateIn } from '@shared/i18n/translate'
import { DATA_FORMAT_VERSION } from '../../../src-sim/exchange'
import { FORMAT_FILE, StoreFormatError } from '../../../src-sim/store/data-format'
import { frame, unframe } from '../../../src-sim/store/record'
import { folderIdentity, setAsideDataDir } from '../../../src-main/core/embedded-data-dir'
import { noKeychain, startRig, type Rig } from './harness'

const EXCHANGE = 'embedded-exchange'

/** Every file of dir with its bytes. */
const contents = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f)).toString('base64')])
  )

/** The folders next to the exchange's (what was set aside). */
const keptFolders = (userData: string): string[] => readdirSync(userData).filter((f) => f.startsWith(`${EXCHANGE}.`))

/** A first session that leaves paper state behind: an open order, so the exchange's folder holds data. */
async function firstSession(): Promise<Rig> {
  const rig = await startRig({ embedded: { activity: false } })
  await rig.client.invoke('trading.placeOrder', {
    module: 'spot',
    symbol: 'ethusdt',
    side: 'BUY',
    type: 'LIMIT',
    price: '1000',
    volume: '0.5'
  })
  await rig.close()
  return rig
}

/** Appends to the journal's last segment an intact record of a command no build knows. */
function appendUnknownCommand(dir: string): void {
  const last = readdirSync(dir)
    .filter((f) => /^journal-\d{20}\.log$/.test(f))
    .sort()
    .pop()!
  const text = readFileSync(join(dir, last)).toString('utf8').trimEnd()
  // The last record's seq, or (an empty last segment) the one before the segment's first.
  const seq = text
    ? (unframe(Buffer.from(text.split('\n').pop()!)) as { seq: number }).seq
    : Number(last.slice(8, 28)) - 1
  appendFileSync(
    join(dir, last),
    frame(JSON.stringify({ seq: seq + 1, batch: seq + 1, cmd: { t: 'no-such-command' } }))
  )
}

const restart = (rig: Rig) => startRig({ dir: rig.dir, secrets: rig.secrets, embedded: { activity: false } })

describe('terminal core: an embedded-exchange data folder it cannot open', () => {
  it('keeps a folder of another format version intact, starts a fresh exchange the paper profile trades on, and says so once', async () => {
    const first = await firstSession()
    const dir = join(first.dir, EXCHANGE)
    writeFileSync(join(dir, FORMAT_FILE), frame(JSON.stringify({ version: DATA_FORMAT_VERSION + 1 })))
    const before = contents(dir)
    const paperId = first.core.vault.profiles.list()[0]!.id
    const historyBefore = readFileSync(join(first.dir, 'order-history', `${paperId}.jsonl`))
    // verdicts on orders of that data (the terminal writes this file when a place or cancel had no answer)
    const undetermined = join(first.dir, 'undetermined-orders', `${paperId}.json`)
    const undeterminedBefore = `${JSON.stringify({ version: 1, kept: [], heldIds: ['an-order-of-the-old-data'] })}\n`
    mkdirSync(dirname(undetermined), { recursive: true })
    writeFileSync(undetermined, undeterminedBefore)

    const rig = await restart(first)
    try {
      const [kept, ...more] = keptFolders(rig.dir)
      expect(more).toEqual([])
      expect(kept).toMatch(new RegExp(`^${EXCHANGE}\\.format-${DATA_FORMAT_VERSION + 1}-\\d{4}-\\d\\d-\\d\\dT`))
      const keptAt = join(rig.dir, kept!)
      expect(contents(keptAt)).toEqual(before)
      // the paper profile's history went with the exchange whose orders it lists
      const tag = kept!.slice(EXCHANGE.length + 1)
      expect(readFileSync(join(rig.dir, 'order-history', `${paperId}.jsonl.${tag}`))).toEqual(historyBefore)
      // and so did its undetermined orders: the fresh exchange's paper account starts with none
      expect(readFileSync(`${undetermined}.${tag}`, 'utf8')).toBe(undeterminedBefore)
      expect(existsSync(undetermined)).toBe(false)

      const message = `The paper exchange's data was written by another version (format version ${DATA_FORMAT_VERSION + 1}; this version reads ${DATA_FORMAT_VERSION}) and was kept at ${keptAt}; a fresh paper exchange was started.`
      const info = await rig.client.invoke('app.info', {})
      // The English beside its catalog words, which each window tells in its own language.
      const words = {
        title: { key: 'main.notice.paperResetTitle' },
        text: {
          key: 'main.notice.paperReset',
          params: {
            why: 'main.paperData.otherFormat',
            found: DATA_FORMAT_VERSION + 1,
            expected: DATA_FORMAT_VERSION,
            path: keptAt
          }
        }
      }
      expect(info.notices).toEqual([
        {
          id: `embedded-set-aside:${keptAt}`,
          title: 'A fresh paper exchange was started',
          text: message,
          path: keptAt,
          words
        }
      ])
      expect(translateIn('en', words.text.key, words.text.params)).toBe(message)
      expect(translateIn('zh-CN', words.text.key, words.text.params)).toBe(
        `模拟交易所的数据由其他版本写入（格式版本 ${DATA_FORMAT_VERSION + 1}；此版本读取 ${DATA_FORMAT_VERSION}），已另存于 ${keptAt}；已启动新的模拟交易所。`
      )
      expect(rig.logs.filter((l) => l.includes(message))).toHaveLength(1)
      expect(rig.logs.some((l) => /paper account re-created for the stored keys/.test(l))).toBe(true)

      // a fresh exchange (stamped with this version), the same keys, a funded account, and it trades
      expect(readdirSync(join(rig.dir, EXCHANGE))).toContain(FORMAT_FILE)
      expect((await rig.client.invoke('profiles.list', {})).profiles.map((p) => p.id)).toEqual([paperId])
      expect(await rig.client.invoke('account.openOrders', { module: 'spot', symbol: 'ethusdt' })).toEqual([])
      expect((await rig.client.invoke('account.balances', {})).find((b) => b.asset === 'USDT')!.free).toMatch(
        /^100000(\.0*)?$/
      )
      await rig.client.invoke('trading.placeOrder', {
        module: 'spot',
        symbol: 'ethusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '900',
        volume: '0.2'
      })
      const open = await rig.client.invoke('account.openOrders', { module: 'spot', symbol: 'ethusdt' })
      expect(open.map((o) => [o.price, o.volume])).toEqual([['900.00', '0.2000']])
    } finally {
      await rig.close()
    }

    // the next start opens the fresh folder: nothing more is set aside and nothing is told again
    const again = await restart(rig)
    try {
      expect(keptFolders(again.dir)).toHaveLength(1)
      expect((await again.client.invoke('app.info', {})).notices).toEqual([])
      expect(
        (await again.client.invoke('account.openOrders', { module: 'spot', symbol: 'ethusdt' })).map((o) => o.price)
      ).toEqual(['900.00'])
    } finally {
      await again.close()
    }
  })

  it('reuses a folder of this format version as it is, with its orders, and tells nothing', async () => {
    const first = await firstSession()
    const format = readFileSync(join(first.dir, EXCHANGE, FORMAT_FILE))
    const rig = await restart(first)
    try {
      expect(keptFolders(rig.dir)).toEqual([])
      expect(readFileSync(join(rig.dir, EXCHANGE, FORMAT_FILE))).toEqual(format)
      expect((await rig.client.invoke('app.info', {})).notices).toEqual([])
      expect(rig.logs.some((l) => /kept at|re-created/.test(l))).toBe(false)
      expect(
        (await rig.client.invoke('account.openOrders', { module: 'spot', symbol: 'ethusdt' })).map((o) => o.price)
      ).toEqual(['1000.00'])
    } finally {
      await rig.close()
    }
  })

  it('keeps a folder written before format versions, a damaged one and one it cannot replay, naming what is wrong', async () => {
    const cases: [string, (dir: string) => void, RegExp, RegExp, string][] = [
      [
        'none',
        (dir) => unlinkSync(join(dir, FORMAT_FILE)),
        /\.format-none-/,
        /written before format versions existed/,
        'main.paperData.noFormat'
      ],
      [
        'damaged',
        (dir) => writeFileSync(join(dir, FORMAT_FILE), 'not a frame\n'),
        /\.damaged-/,
        /could not be read \(format file is damaged \(.*\.damaged-[^/\\]*[/\\]FORMAT\)\)/,
        'main.paperData.damaged'
      ],
      // intact records this build cannot apply (a rule changed without a format bump, or a bug)
      [
        'unreplayable',
        appendUnknownCommand,
        /\.unreplayable-/,
        /could not be replayed by this version \(journal record \d+: unknown spot command 'no-such-command'\)/,
        'main.paperData.unreplayableRecord'
      ]
    ]
    for (const [label, spoil, folder, why, whyKey] of cases) {
      const first = await firstSession()
      const dir = join(first.dir, EXCHANGE)
      spoil(dir)
      // a lock left by a writer that was killed: taken over and removed, the data untouched
      writeFileSync(
        join(dir, 'LOCK'),
        JSON.stringify({
          pid: 2 ** 22 + 1,
          host: hostname(),
          boot: 'an-earlier-boot',
          token: 'killed',
          since: '2026-01-01T00:00:00.000Z'
        })
      )
      const { LOCK: _lock, ...before } = contents(dir)
      const rig = await restart(first)
      try {
        const kept = keptFolders(rig.dir)
        expect(kept, label).toHaveLength(1)
        expect(kept[0], label).toMatch(folder)
        expect(contents(join(rig.dir, kept[0]!)), label).toEqual(before)
        const [notice] = (await rig.client.invoke('app.info', {})).notices
        expect(notice?.text, label).toMatch(why)
        expect(notice?.text, label).toContain(`kept at ${join(rig.dir, kept[0]!)}; a fresh paper exchange was started.`)
        expect(notice?.words?.text.params?.['why'], label).toBe(whyKey)
        expect(translateIn('en', notice!.words!.text.key, notice!.words!.text.params), label).toBe(notice?.text)
        expect((await rig.client.invoke('account.balances', {})).find((b) => b.asset === 'USDT')?.free, label).toMatch(
          /^100000/
        )
      } finally {
        await rig.close()
      }
    }
  })

  it('starts a fresh exchange without a keychain too: the paper profile trades on the session keys', async () => {
    const first = await startRig({ secrets: noKeychain(), embedded: { activity: false } })
    await first.close()
    writeFileSync(join(first.dir, EXCHANGE, FORMAT_FILE), frame(JSON.stringify({ version: DATA_FORMAT_VERSION + 1 })))
    const rig = await restart(first)
    try {
      expect(keptFolders(rig.dir)).toHaveLength(1)
      expect((await rig.client.invoke('app.info', {})).notices).toHaveLength(1)
      await rig.client.invoke('trading.placeOrder', {
        module: 'spot',
        symbol: 'ethusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '900',
        volume: '0.2'
      })
      expect(
        (await rig.client.invoke('account.openOrders', { module: 'spot', symbol: 'ethusdt' })).map((o) => o.price)
      ).toEqual(['900.00'])
    } finally {
      await rig.close()
    }
  })

  it('does not move a folder another process is using: the start fails as before and the folder is unchanged', async () => {
    const first = await firstSession()
    const dir = join(first.dir, EXCHANGE)
    writeFileSync(join(dir, FORMAT_FILE), frame(JSON.stringify({ version: DATA_FORMAT_VERSION + 1 })))
    const boot = existsSync('/proc/sys/kernel/random/boot_id')
      ? readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
      : ''
    writeFileSync(
      join(dir, 'LOCK'),
      JSON.stringify({
        pid: process.pid,
        host: hostname(),
        boot,
        token: 'a-newer-build',
        since: '2026-01-01T00:00:00.000Z'
      })
    )
    const before = contents(dir)
    await expect(restart(first)).rejects.toThrow(/is in use by pid/)
    expect(keptFolders(first.dir)).toEqual([])
    expect(contents(dir)).toEqual(before)
  })

  it('moves nothing when the folder or its order history cannot be renamed: a clear error naming both paths, all left in place', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z')
    const tag = `format-${DATA_FORMAT_VERSION + 1}-2026-03-04T05-06-07-089Z`
    for (const blocked of ['history', 'folder'] as const) {
      const first = await firstSession()
      const dir = join(first.dir, EXCHANGE)
      writeFileSync(join(dir, FORMAT_FILE), frame(JSON.stringify({ version: DATA_FORMAT_VERSION + 1 })))
      const history = join(first.dir, 'order-history', `${first.core.vault.profiles.list()[0]!.id}.jsonl`)
      // a non-empty folder where the rename must go makes that rename fail
      const target = blocked === 'history' ? `${history}.${tag}` : `${dir}.${tag}`
      mkdirSync(join(target, 'in-the-way'), { recursive: true })
      const before = contents(dir)
      const historyBefore = readFileSync(history)
      await expect(
        startRig({ dir: first.dir, secrets: first.secrets, embedded: { activity: false, now: () => at } }),
        blocked
      ).rejects.toThrow(
        new RegExp(
          `could not be kept aside: renaming ${escape(blocked === 'history' ? history : dir)} to ${escape(target)} failed \\(\\w+\\); nothing was moved`
        )
      )
      expect(contents(dir), blocked).toEqual(before)
      expect(readFileSync(history), blocked).toEqual(historyBefore)
      // the history was renamed before the folder's rename failed: it was put back, nothing is left at the tag
      if (blocked === 'folder') expect(existsSync(`${history}.${tag}`), blocked).toBe(false)
    }
  })

  it('does not move a folder that another starter replaced after the failed open (it kept the old one aside)', async () => {
    const first = await firstSession()
    const dir = join(first.dir, EXCHANGE)
    writeFileSync(join(dir, FORMAT_FILE), frame(JSON.stringify({ version: DATA_FORMAT_VERSION + 1 })))
    const seen = (await folderIdentity(dir))!
    // the other starter: the refused folder kept aside, a fresh one made (and stamped) in its place
    renameSync(dir, `${dir}.by-another-starter`)
    mkdirSync(dir)
    writeFileSync(join(dir, FORMAT_FILE), frame(JSON.stringify({ version: DATA_FORMAT_VERSION })))
    const fresh = contents(dir)
    const refusal = new StoreFormatError(dir, DATA_FORMAT_VERSION + 1, DATA_FORMAT_VERSION)
    expect(await setAsideDataDir(dir, refusal, { seen })).toBe('replaced')
    expect(contents(dir)).toEqual(fresh) // not moved, and the lock taken to look was released
    expect(keptFolders(first.dir)).toEqual([`${EXCHANGE}.by-another-starter`])
  })
})

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
