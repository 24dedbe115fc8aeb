/**
 * The one way a request's cookies are read (the API boundary, the studio's access check): the
 * `cookie` package's parser, with a decoding that gives nothing for a value it cannot read. A
 * value whose percent-encoding is broken (`dp_session=%ZZ`) or that is longer than any browser
 * stores (4096 bytes per cookie) is treated as absent, so no handler ever sees half-decoded text
 * and every route behaves as it would for a visitor without that cookie.
 */
import { parse } from "cookie";

/** The most a browser keeps for one cookie (name and value), RFC 6265's minimum that every browser uses as its limit. */
export const MAX_COOKIE_BYTES = 4096;

function decodeOrNothing(value: string): string | undefined {
  if (value.length > MAX_COOKIE_BYTES) return undefined;
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The request's cookies by name; an undecodable or oversized value is absent. */
export function readCookies(header: string | null | undefined): Record<string, string | undefined> {
  return parse(header ?? "", { decode: decodeOrNothing });
}
