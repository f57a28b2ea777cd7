const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD HH:mm:ss` in the browser's time zone (FORMAT.dateFormat); "—" when absent or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "—";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "—";
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}
