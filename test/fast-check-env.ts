// fast-check settings from the environment (a vitest setup file of the node project), so a seed from a CI log
// replays locally and a hunt for rare counterexamples runs many more cases. Without the variables nothing changes.
//   FC_SEED=n         every property starts from seed n (the `seed` of fast-check's failure report)
//   FC_NUM_RUNS=n     runs of each property that sets no count of its own (fast-check's default is 100)
//   FC_RUNS_FACTOR=k  multiplies every count: the default one and, through runs(), those a property sets
import fc from 'fast-check'

export interface FastCheckEnv {
  seed?: number
  numRuns?: number
  factor: number
}

function positiveInteger(env: Record<string, string | undefined>, name: string): number | undefined {
  const text = env[name]
  if (text === undefined || text === '') return undefined
  if (!/^[1-9]\d*$/.test(text) || !Number.isSafeInteger(Number(text)))
    throw new Error(`${name}: must be a positive integer, got ${JSON.stringify(text)}`)
  return Number(text)
}

export function readFastCheckEnv(env: Record<string, string | undefined>): FastCheckEnv {
  const seedText = env['FC_SEED']
  let seed: number | undefined
  if (seedText !== undefined && seedText !== '') {
    // fast-check's seeds are 32-bit integers, reported signed
    if (!/^-?\d+$/.test(seedText) || Number(seedText) < -(2 ** 31) || Number(seedText) >= 2 ** 32)
      throw new Error(`FC_SEED: must be a 32-bit integer, got ${JSON.stringify(seedText)}`)
    seed = Number(seedText)
  }
  return { seed, numRuns: positiveInteger(env, 'FC_NUM_RUNS'), factor: positiveInteger(env, 'FC_RUNS_FACTOR') ?? 1 }
}

/** Sets fast-check's global parameters from `env`; a property's own numRuns or seed still wins over them. */
export function configureFastCheck(env: Record<string, string | undefined>): FastCheckEnv {
  const settings = readFastCheckEnv(env)
  const numRuns = settings.numRuns ?? (settings.factor > 1 ? 100 * settings.factor : undefined)
  fc.configureGlobal({
    ...(settings.seed === undefined ? {} : { seed: settings.seed }),
    ...(numRuns === undefined ? {} : { numRuns })
  })
  return settings
}

const { factor } = configureFastCheck(process.env)

/** The run count for a property that sets its own: `n` times FC_RUNS_FACTOR. */
export const runs = (n: number): number => n * factor
