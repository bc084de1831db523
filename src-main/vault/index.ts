// The vault's public surface. Of everything here only SecretStatus and Profile may be sent to the UI.
// MemorySecretStore is left out on purpose: it is for tests, which import it from './secret-store'.
export { Vault, EMBEDDED_PROFILE_NAME, type SecretStatus, type VaultOptions, type MakeEmbeddedAccount } from './vault'
export {
  ProfileStore,
  ProfileValidationError,
  ProfileNotFoundError,
  ProfilesFileError,
  EMBEDDED_URL,
  PROFILES_FILE,
  type Profile,
  type ProfileKind,
  type NewProfile,
  type ProfilePatch,
  type CorruptFileReport
} from './profiles'
export { SecretValidationError, validateSecrets, maskApiKey, type SecretsInput } from './secret-input'
export {
  KeytarSecretStore,
  KeychainUnavailableError,
  KeychainEntryUnreadableError,
  KEYCHAIN_SERVICE,
  type SecretStore,
  type ProfileSecrets
} from './secret-store'
