// One structured log line per event: JSON with a time, a level, an event name and fields, so a
// log collector can index them and a value cannot forge a line (JSON escapes newlines and other
// control characters). Values that come from a client are cut short with `clip`.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.

/** Longest client-supplied value written into a log line, in characters. */
export const MAX_LOGGED_VALUE = 200;

/** Longest message (the app's own console lines, already holding clipped client values), in characters. */
export const MAX_LOGGED_MESSAGE = 4000;

/**
 * A client-supplied value made fit for a log line: at most `max` characters (an ellipsis and the
 * full length say it was cut), control characters shown as \uXXXX.
 * @param {unknown} value
 * @param {number} [max]
 * @returns {string}
 */
export function clip(value, max = MAX_LOGGED_VALUE) {
  const s = typeof value === "string" ? value : String(value);
  const safe = (s.length > max ? s.slice(0, max) : s).replace(
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return s.length > max ? `${safe}…(${s.length} chars)` : safe;
}

/**
 * The JSON log line for an event (no trailing newline).
 * @param {"info" | "warn" | "error"} level
 * @param {string} event
 * @param {Record<string, unknown>} fields
 * @param {Date} [now]
 */
export function logLine(level, event, fields, now = new Date()) {
  /** @type {Record<string, unknown>} */
  const out = { time: now.toISOString(), level, event };
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    out[k] = typeof v === "string" ? clip(v, k === "msg" ? MAX_LOGGED_MESSAGE : MAX_LOGGED_VALUE) : v;
  }
  return JSON.stringify(out);
}

/**
 * Writes one JSON log line to stdout (info) or stderr (warn, error).
 * @param {"info" | "warn" | "error"} level
 * @param {string} event
 * @param {Record<string, unknown>} [fields]
 */
export function log(level, event, fields = {}) {
  const line = logLine(level, event, fields) + "\n";
  if (level === "info") process.stdout.write(line);
  else process.stderr.write(line);
}
