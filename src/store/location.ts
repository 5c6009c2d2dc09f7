/** True when a `--store` / `CORROBORATE_STORE` value names a PostgreSQL database rather than a folder. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}
