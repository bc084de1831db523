// Inputs of the profiles channels. Only remote profiles are added by the user: the embedded paper profile is made
// by the app. Secrets are typed here once; the vault checks their content (PEM, printable key) and the reply is
// only ever the masked SecretStatus.
import { z } from 'zod'
import { rule } from './field-rule'
import { obj, profileId } from './common'

const text = (max: number) => z.string(rule('string')).max(max, rule('maxChars', { max }))

export const secretsInput = obj({
  apiKey: text(512).min(1, rule('notEmpty')),
  apiSecret: text(512).min(1, rule('notEmpty')),
  /** PEM private key for the RSA-signed transfer endpoints; empty or absent means none. */
  rsaPrivateKey: text(16_384).nullable().optional()
})

const urls = {
  baseUrl: text(2048),
  wsSpotUrl: text(2048),
  wsFuturesUrl: text(2048)
}

/**
 * The user's explicit override of the rule that a remote exchange on another machine is reached over TLS
 * (profile-transport.ts).
 */
const allowUnencrypted = z.boolean(rule('boolean')).optional()

export const addProfileInput = obj({
  name: text(64).min(1, rule('notEmpty')),
  ...urls,
  allowUnencrypted,
  secrets: secretsInput.optional()
})

export const updateProfileInput = obj({
  profileId,
  patch: obj({
    name: text(64).min(1, rule('notEmpty')).optional(),
    ...{
      baseUrl: urls.baseUrl.optional(),
      wsSpotUrl: urls.wsSpotUrl.optional(),
      wsFuturesUrl: urls.wsFuturesUrl.optional(),
      allowUnencrypted
    }
  })
})

export const profileRef = obj({ profileId })
export const setSecretsInput = obj({ profileId, ...secretsInput.shape })
export const noInput = obj({})
