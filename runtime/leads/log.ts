/**
 * Lead logging: ids, dealer slugs, counts and error kinds only, never personal data (no names,
 * emails, phones, postcodes, messages, IP addresses or request bodies). Every log line of the
 * leads capability goes through here so that rule is kept in one place.
 */
type Safe = string | number | boolean | null | undefined;

export function leadLog(event: string, fields: Record<string, Safe> = {}, level: "info" | "warn" | "error" = "info"): void {
  if (process.env.LEADS_LOG === "off") return;
  const parts = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${String(v).replace(/\s+/g, "_").slice(0, 200)}`);
  const line = `[leads] ${event}${parts.length ? " " + parts.join(" ") : ""}`;
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
