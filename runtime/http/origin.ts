/**
 * The scheme, host and origin of a request as the app may use them (absolute links, cookies'
 * Secure flag, the same-origin check). The production server (scripts/server.mjs,
 * runtime/http/forwarded.mjs) has already replaced X-Forwarded-Proto and -Host with values it
 * trusts; these still never pass on anything but http or https, so a stray value cannot reach
 * og:image, JSON-LD or share links.
 */

/** http or https: the first X-Forwarded-Proto value when it is one of them, else the URL's scheme, else http. */
export function requestProto(headers: Headers, url?: string): "http" | "https" {
  const first = headers.get("x-forwarded-proto")?.split(",")[0].trim().toLowerCase();
  if (first === "http" || first === "https") return first;
  if (url?.startsWith("https:")) return "https";
  return "http";
}

/** The host the client asked for (X-Forwarded-Host, else Host), lower-cased; "" when absent. */
export function requestHost(headers: Headers): string {
  return (headers.get("x-forwarded-host") ?? headers.get("host") ?? "").split(",")[0].trim().toLowerCase();
}

/** `{proto}://{host}` of the request. */
export function requestOrigin(headers: Headers, url?: string): string {
  return `${requestProto(headers, url)}://${requestHost(headers)}`;
}

/** The port a host names ("a.localhost:3000" → "3000", "[::1]:3101" → "3101"); "" when it names none. */
export function hostPort(host: string | null | undefined): string {
  return (host ?? "").match(/:(\d+)$/)?.[1] ?? "";
}

/** `origin` with `:{port}` added when there is a port: the same port the request came in on. */
export function withPort(origin: string, port: string): string {
  return `${origin}${port ? `:${port}` : ""}`;
}
