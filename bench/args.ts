// Command-line options of the bench scripts: `--name value` and bare `--flag`.

/** The value after `--name`, or `fallback` when the option is absent or has no value. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback
}

/** Whether `--name` is present. */
export function flag(name: string): boolean {
  return process.argv.includes(`--${name}`)
}
