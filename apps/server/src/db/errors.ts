/** Unique-index violations (SQLSTATE 23505), however the driver (PGlite or node-postgres) wraps them. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
