/**
 * Whether a file matches an `accept` list ("image/png,.json,image/*") the way the browser's
 * file picker reads it: extensions by name, MIME types exactly or by their `type/*` family.
 * An empty or missing list accepts everything.
 */
export function isAcceptedFile(file: { name: string; type: string }, accept?: string): boolean {
  const entries = (accept ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return entries.some((entry) => {
    if (entry.startsWith(".")) return name.endsWith(entry);
    if (entry.endsWith("/*")) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}
