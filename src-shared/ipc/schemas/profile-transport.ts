// One rule for main (vault/profiles.ts) and the profile form: a remote exchange is reached over TLS (https://,
// wss://) unless it runs on this computer (loopback), or the user ticked the profile's explicit "unencrypted
// connection" override. Over plain http/ws to another machine the API key, every signed request and every order
// travel readable (and alterable) by anyone on the path.

export const UNENCRYPTED_RULE =
  'a remote exchange must be reached over https:// and wss:// unless it runs on this computer (127.0.0.0/8, ::1, localhost)'

/** The override's name as the form shows it (the refusal tells the user to tick it). */
export const UNENCRYPTED_OVERRIDE = 'Allow an unencrypted connection'

/** localhost, 127.0.0.0/8 and ::1 (also as an IPv4-mapped address); hostnames as URL normalizes them. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return (
    h === 'localhost' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    h === '::1' ||
    /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(h)
  )
}

/**
 * Why this URL would carry a profile's traffic unencrypted to another machine, or null (TLS, loopback, or not a URL:
 * the URL checks name that). The message names the rule and the way out, never more of the URL than its host.
 */
export function unencryptedProblem(url: string): string | null {
  let u: URL
  try {
    u = new URL(url.trim())
  } catch {
    return null
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'ws:') || isLoopbackHost(u.hostname)) return null
  const secure = u.protocol === 'http:' ? 'https://' : 'wss://'
  return `${u.protocol}// to ${u.hostname} would be unencrypted: ${UNENCRYPTED_RULE}. Use ${secure}, or tick "${UNENCRYPTED_OVERRIDE}"`
}
