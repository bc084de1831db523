// Framing shared by journal lines and snapshot files: `<crc32 as 8 lowercase hex> <json>\n`.
// The CRC covers the JSON's UTF-8 bytes, so a torn or bit-flipped record is told apart from a good one.
// JSON.stringify never emits a raw newline, so '\n' safely ends a record.
import { crc32 } from 'node:zlib'

const HEX8 = /^[0-9a-f]{8}$/

export function frame(json: string): string {
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`
}

const HEX = '0123456789abcdef'
const NEWLINE = 0x0a

/**
 * The frames of several JSON texts (none holding a raw newline), in order, as the bytes frame() gives them: the
 * text is encoded to UTF-8 once and each CRC taken over its bytes in place (frame() encodes every record twice,
 * for the CRC and again for the write: a journal batch's largest cost after the write itself).
 */
export function frameAll(jsons: readonly string[]): Buffer {
  let text = ''
  for (const json of jsons) text += `00000000 ${json}\n`
  const buf = Buffer.from(text, 'utf8')
  let at = 0
  for (let k = 0; k < jsons.length; k++) {
    const end = buf.indexOf(NEWLINE, at + 9)
    let crc = crc32(buf.subarray(at + 9, end))
    for (let d = 7; d >= 0; d--, crc >>>= 4) buf[at + d] = HEX.charCodeAt(crc & 15)
    at = end + 1
  }
  // A raw newline inside a text would have moved every frame after it: refused, never written.
  if (at !== buf.length) throw new Error('a journal record holds a raw newline')
  return buf
}

/** Decodes one record (its bytes without the trailing '\n'); undefined when it is damaged. */
export function unframe(line: Buffer): unknown {
  if (line.length < 10 || line[8] !== 0x20) return undefined
  const hex = line.toString('latin1', 0, 8)
  if (!HEX8.test(hex)) return undefined
  const body = line.subarray(9)
  if (crc32(body) !== parseInt(hex, 16)) return undefined
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return undefined
  }
}

/** Decodes a file holding exactly one record; undefined when it is damaged or torn. */
export function unframeFile(data: Buffer): unknown {
  return data.length > 0 && data[data.length - 1] === 0x0a ? unframe(data.subarray(0, data.length - 1)) : undefined
}

/** The data directory holds something a crash cannot explain; opening it is refused, never guessed at. */
export class StoreCorruptionError extends Error {
  override name = 'StoreCorruptionError'
  constructor(
    message: string,
    readonly file: string
  ) {
    super(`${message} (${file})`)
  }
}

export const seqPad = (seq: number): string => String(seq).padStart(20, '0')
