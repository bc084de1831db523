// Frame decoding. Binary frames are gzip (decoded with gunzipSync: a few microseconds per depth frame,
// against 40-150 us through the async thread pool); some venues send plain text frames, so a frame is
// gunzipped only when it starts with the gzip magic, whatever its opcode says.
import { gunzipSync } from 'node:zlib'
import { losslessToPlain, parseLosslessJson } from '../../src-shared/json/lossless-json'

export type RawFrame = Buffer | ArrayBuffer | Buffer[] | string

function toBuffer(data: Exclude<RawFrame, string>): Buffer {
  if (Buffer.isBuffer(data)) return data
  if (Array.isArray(data)) return Buffer.concat(data)
  return Buffer.from(data)
}

/** The frame's JSON text. Throws on a corrupt gzip stream. */
export function frameText(data: RawFrame): string {
  if (typeof data === 'string') return data
  const buf = toBuffer(data)
  return buf.length > 1 && buf[0] === 0x1f && buf[1] === 0x8b ? gunzipSync(buf).toString('utf8') : buf.toString('utf8')
}

// A bare JSON number of 16+ digits (an id above 2^53, or a price past double precision) would be changed by
// JSON.parse; only then is the slower lossless parser used. A false positive (inside a string) costs time only.
const UNSAFE_NUMBER = /[:,[]\s*-?[\d.]{16,}/

/** Parsed JSON with every unsafe number kept as its text; undefined for text that is not JSON. */
export function parseFrame(text: string): unknown {
  try {
    return UNSAFE_NUMBER.test(text) ? losslessToPlain(parseLosslessJson(text)) : JSON.parse(text)
  } catch {
    return undefined
  }
}

/** undefined for an undecodable frame (the caller counts it and moves on: one bad frame is not a dead feed). */
export function decodeFrame(data: RawFrame): unknown {
  let text: string
  try {
    text = frameText(data)
  } catch {
    return undefined
  }
  return parseFrame(text)
}
