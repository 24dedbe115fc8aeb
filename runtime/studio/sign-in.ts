import "server-only";
import { sameOriginRefusal } from "../http/same-origin";
import { resolveTenant } from "../tenant";
import { STUDIO_COOKIE, secretMatches } from "./access";

/** POST /studio/sign-in (form field `secret`): sets the studio cookie when it matches STUDIO_SECRET, then back to /studio. */
export async function studioSignIn(request: Request): Promise<Response> {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (resolveTenant(host).kind !== "directory") return new Response("Not found", { status: 404 });
  const refused = sameOriginRefusal(request);
  if (refused) return refused;
  const secret = process.env.STUDIO_SECRET;
  const given = (await request.formData()).get("secret");
  const headers = new Headers({ location: "/studio", "cache-control": "no-store" });
  if (secret && typeof given === "string" && secretMatches(given, secret)) {
    const secure = new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
    headers.append("set-cookie", `${STUDIO_COOKIE}=${encodeURIComponent(given)}; Path=/studio; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`);
  }
  return new Response(null, { status: 303, headers });
}
