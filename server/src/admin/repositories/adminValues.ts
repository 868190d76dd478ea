/** Optional text from an admin form: missing, null or blank all mean "no value". */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** A team colour as the pages read it: six hex digits, upper case, no '#'. */
export function hexOrNull(value: string | null | undefined): string | null {
  const hex = blankToNull(value)?.replace(/^#/, '');
  return hex ? hex.toUpperCase() : null;
}

/** PostgreSQL's foreign-key violation, as pg and PGlite report it (possibly wrapped by drizzle). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current;) {
    if (current.code === '23503') return true;
    current = current.cause as typeof current;
  }
  return false;
}
