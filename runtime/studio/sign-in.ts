import "server-only";
import { cookieHeader, seeOther, type ApiContext } from "../http/api-route";
import type { Tenant } from "../tenant";
import { STUDIO_COOKIE, secretMatches } from "./access";

/** POST /studio/sign-in (form field `secret`): sets the studio cookie when it matches STUDIO_SECRET, then back to /studio. */
export function studioSignIn(ctx: ApiContext<Record<string, string | string[]>, Record<string, never>, Tenant>): Response {
  const secret = process.env.STUDIO_SECRET;
  const given = ctx.body.secret;
  if (!secret || typeof given !== "string" || !secretMatches(given, secret)) return seeOther("/studio");
  return seeOther("/studio", [cookieHeader(STUDIO_COOKIE, given, { secure: ctx.https, sameSite: "strict", path: "/studio" })]);
}
