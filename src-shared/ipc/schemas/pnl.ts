// Inputs of the PnL analytics channels: one profile's report and equity curve (without a profile: the active one).
import { profileOnly } from './common'

export const pnlOfProfile = profileOnly
