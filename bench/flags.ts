/** The value after `--name` on the command line, or `fallback` when the flag or its value is absent. */
export function flag(
  name: string,
  fallback: string,
  args: readonly string[] = process.argv.slice(2),
): string {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? (args[k + 1] ?? fallback) : fallback;
}
