// Formatting of sizes, durations, file names and raw text on the intake screens.

/** 1536 → "1.5 KB" (binary multiples, one decimal under 10). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} B`;
  const text = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${text} ${units[unit]}`;
}

/** 516 → "8m 36s"; 3725 → "1h 2m"; 42 → "42s". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return m ? `${h}h ${m}m` : `${h}h`;
  return rest ? `${m}m ${rest}s` : `${m}m`;
}

/** The name a downloaded e-mail is saved under: "12-Backup-job-DC-Servers.eml". */
export function emlFileName(emailId: number, subject: string): string {
  const base = subject
    .replace(/[^\w .-]+/g, '')
    .trim()
    .slice(0, 60)
    .trim()
    .replace(/\s+/g, '-');
  return `${emailId}${base ? `-${base}` : ''}.eml`;
}

/** "demo@inbound.example" + "acme" → "demo+acme@inbound.example". */
export function plusAddress(address: string, tag: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  return `${address.slice(0, at)}+${tag}${address.slice(at)}`;
}

/** A long raw e-mail is shown up to `max` characters; the download has the rest. */
export function clipText(text: string, max = 400_000): { text: string; clipped: boolean } {
  if (text.length <= max) return { text, clipped: false };
  return { text: text.slice(0, max), clipped: true };
}

/** Splits a raw e-mail into its header block and body (at the first empty line). */
export function splitRawEmail(raw: string): { headers: string; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { headers: raw, body: '' };
  return { headers: raw.slice(0, m.index), body: raw.slice(m.index + m[0].length) };
}
