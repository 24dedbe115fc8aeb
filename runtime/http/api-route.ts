/**
 * The one API boundary. Every route file under app/api (and the studio's form posts) is
 *
 *   export const POST = apiRoute({ name: "leads.create", limit: null, stateChanging: true, body: "json", handle });
 *
 * and the boundary does, in this order, what each handler used to do by hand: resolve the
 * tenant from the request's host (404 on a host that is no dealer site, unless `anyHost`), the
 * same-origin check for state-changing requests, one point from the client's rate limit, the
 * body (read with a byte cap, parsed as declared, 400 with a plain message when it is not what
 * was declared, then the route's own validator), the cookies (runtime/http/cookies.ts: a value
 * that cannot be decoded is absent), and one JSON log line per failure
 * with the request id. The handler gets all of it in one context and returns a Response, built
 * with the answer helpers below so every route answers the same way.
 *
 * In the spirit of tRPC procedures and Remix actions: a route declares its input and its
 * handler; parsing, refusals and context are written once, here.
 */
import { serialize as serializeCookie, type SerializeOptions } from "cookie";
import { resolveTenant, type Tenant } from "../tenant";
import { guardApi } from "./api-guard";
import { apiError, json } from "./api-error.mjs";
import { readCookies } from "./cookies";
import { requestHost, requestOrigin, requestProto } from "./origin";
import { log as writeLog } from "./log.mjs";
import { clientIp } from "./client-ip";
import { limiterKey, processLimiters, type ApiLimitName, type Limiters } from "./rate-limit";
import type { FieldError } from "@/runtime/field-error";

/** A dealer site's tenant: what a route that answers only on dealer hosts is given. */
export type SiteTenant = Extract<Tenant, { kind: "site" }>;

/** How the body is read. `fields` takes an HTML form post or a JSON object, as a plain object of strings and values. */
export type BodyKind = "none" | "json" | "form" | "fields" | "text";

/** A route's own check of its parsed body: the typed value, or what is wrong and where. */
export type BodyCheck<B> = { ok: true; value: B } | { ok: false; errors: FieldError[]; message?: string };

type Safe = string | number | boolean | null | undefined;

export interface ApiLogger {
  /** One JSON line with the route, the dealer and the request id. Ids, counts and kinds only: never personal data. */
  (event: string, fields?: Record<string, Safe>, level?: "info" | "warn" | "error"): void;
}

export interface ApiContext<B, P, T extends Tenant> {
  request: Request;
  tenant: T;
  /** The route's dynamic segments, awaited. */
  params: P;
  /** The body as declared, after the route's check. */
  body: B;
  /** The raw body text when `body` is "text" or "json" (a webhook's signature, an idempotency hash). */
  rawBody: string;
  cookie(name: string): string | undefined;
  /** Whether the client reached us over HTTPS (a cookie's Secure flag). */
  https: boolean;
  /** `{proto}://{host}` as the client asked. */
  origin: string;
  requestId: string;
  log: ApiLogger;
  /**
   * Takes `points` from this client's (and dealer's) allowance under `limit`: for a route whose
   * cost is known only once its body is read (the search API charges per query and hit).
   */
  spend(limit: ApiLimitName, points: number): Promise<{ ok: true } | { ok: false; retryAfterS: number }>;
}

interface RouteSpecBase<B> {
  /** Names the route in logs: "leads.create", "account.verify". */
  name: string;
  /** The rate limit this route takes a point from, or null when the handler limits itself (say why at the route). */
  limit: ApiLimitName | null;
  /** Writes, and reads that count something: the same-origin check applies. */
  stateChanging: boolean;
  body?: BodyKind;
  /** Largest body accepted, in bytes (default 64 KB). */
  maxBodyBytes?: number;
  /** The route's check of the parsed body (a generated validator through `fromValidator`, or a hand check for form posts). */
  check?: (raw: unknown) => BodyCheck<B>;
  /** What a body that cannot be read is answered with (default: 400 JSON). A plain form post may prefer a 303 back to its page. */
  onUnreadable?: (request: Request, message: string) => Response;
  /**
   * What a refusal of the guard (403, 404, 429) is answered with (default: the guard's JSON). A plain
   * form post may prefer a 303 back to its page saying why; the refusal itself still stands.
   */
  onRefused?: (request: Request, refusal: Response, https: boolean) => Response;
  /** Test seams: the tenant and limiters a unit test hands in. */
  resolve?: (host: string) => Tenant;
  limiters?: () => Limiters;
}

export interface SiteRouteSpec<B, P> extends RouteSpecBase<B> {
  anyHost?: false;
  handle: (ctx: ApiContext<B, P, SiteTenant>) => Promise<Response> | Response;
}

export interface AnyHostRouteSpec<B, P> extends RouteSpecBase<B> {
  /** Answers on hosts that are not dealer sites too (revalidate, the studio): the handler checks what it needs. */
  anyHost: true;
  handle: (ctx: ApiContext<B, P, Tenant>) => Promise<Response> | Response;
}

export type RouteHandler = (request: Request, segment?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export const API_MESSAGES = {
  unreadable: "We could not read that request. Please try again.",
  notJson: "The request body must be a JSON object.",
  notForm: "The request body must be a form (application/x-www-form-urlencoded or multipart/form-data).",
  notFields: "The request body must be a form or a JSON object.",
  tooLarge: "That request is too large.",
  invalid: "Please fix the following errors:",
  serverError: "Something went wrong on our side. Nothing was lost; please try again in a moment.",
} as const;

// ---- Answers ---------------------------------------------------------------------------------

const NO_STORE = { "cache-control": "no-store" };

/** A JSON answer, never cached (shared with the production server, as is apiError below). */
export { json };

/** The refusal every API answers with: a message, the status and the fields at fault (shared with the production server). */
export { apiError };

/** 303 See Other: where a plain form post goes next (the page again, a confirmation), with cookies to set. */
export function seeOther(location: string, cookies: readonly string[] = []): Response {
  const headers = new Headers({ location, ...NO_STORE });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
}

/** A Set-Cookie value: HttpOnly and SameSite=Lax unless told otherwise, Secure over HTTPS. */
export function cookieHeader(name: string, value: string, options: SerializeOptions & { secure: boolean }): string {
  return serializeCookie(name, value, { httpOnly: true, sameSite: "lax", path: "/", ...options });
}

/** The same cookie expired. */
export function clearedCookie(name: string, options: SerializeOptions & { secure: boolean }): string {
  return cookieHeader(name, "", { ...options, maxAge: 0 });
}

/** Turns a generated ajv validator (runtime/generated/validate-*.js) into a route's body check. */
export function fromValidator<B>(
  validate: ((data: unknown) => boolean) & { errors?: ReadonlyArray<{ instancePath: string; message?: string; params?: Record<string, unknown> }> | null },
  describe: (error: { instancePath: string; message?: string; params?: Record<string, unknown> }) => FieldError = ajvFieldError,
): (raw: unknown) => BodyCheck<B> {
  return (raw) => (validate(raw) ? { ok: true, value: raw as B } : { ok: false, errors: (validate.errors ?? []).map(describe) });
}

function ajvFieldError(e: { instancePath: string; message?: string; params?: Record<string, unknown> }): FieldError {
  const missing = typeof e.params?.missingProperty === "string" ? `/${e.params.missingProperty}` : "";
  const extra = typeof e.params?.additionalProperty === "string" ? `/${e.params.additionalProperty}` : "";
  const pointer = `${e.instancePath}${missing || extra}`;
  return { field: pointer.replace(/^\//, "").replace(/\//g, "."), message: extra ? "This field is not accepted." : (e.message ?? "This value is not valid.") };
}

// ---- The boundary ----------------------------------------------------------------------------

class Unreadable extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

/**
 * The body's bytes, counted as they arrive: a body that passes the cap (declared or not, chunked
 * or not) is refused as soon as it does, never held in memory whole.
 */
export async function readBytes(request: Request, max: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > max) throw new Unreadable(API_MESSAGES.tooLarge, 413);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        throw new Unreadable(API_MESSAGES.tooLarge, 413);
      }
      chunks.push(value);
    }
  } catch (e) {
    throw e instanceof Unreadable ? e : new Unreadable(API_MESSAGES.unreadable, 400);
  }
  return Buffer.concat(chunks);
}

async function readText(request: Request, max: number): Promise<string> {
  return new TextDecoder().decode(await readBytes(request, max));
}

function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Unreadable(API_MESSAGES.notJson, 400);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Unreadable(API_MESSAGES.notJson, 400);
  return value as Record<string, unknown>;
}

/** A form post's fields: the last value of a repeated name wins, except names ending in [] which keep every value. */
function formFields(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    if (k.endsWith("[]")) ((out[k.slice(0, -2)] ??= []) as string[]).push(v);
    else out[k] = v;
  }
  return out;
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

async function readBody(request: Request, kind: BodyKind, max: number): Promise<{ body: unknown; raw: string }> {
  if (kind === "none") return { body: undefined, raw: "" };
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (kind === "form" || (kind === "fields" && type !== "application/json")) {
    // A form post says it is one; a body declared as anything else (JSON, plain text, XML) is not read as a form.
    if (type !== "" && !FORM_TYPES.has(type)) throw new Unreadable(kind === "form" ? API_MESSAGES.notForm : API_MESSAGES.notFields, 400);
    if (type === "multipart/form-data") {
      const bytes = await readBytes(request, max);
      try {
        const data = await new Response(new Uint8Array(bytes), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
        const params = new URLSearchParams();
        for (const [k, v] of data) if (typeof v === "string") params.append(k, v);
        return { body: formFields(params), raw: "" };
      } catch {
        throw new Unreadable(API_MESSAGES.unreadable, 400);
      }
    }
    const text = await readText(request, max);
    return { body: formFields(new URLSearchParams(text)), raw: text };
  }
  const text = await readText(request, max);
  if (kind === "text") return { body: text, raw: text };
  return { body: parseJsonObject(text), raw: text };
}

function requestIdOf(request: Request): string {
  return (request.headers.get("x-request-id") ?? "").slice(0, 100) || "-";
}

function loggerFor(name: string, site: string, requestId: string): ApiLogger {
  return (event, fields = {}, level = "info") => writeLog(level, event, { route: name, site, request_id: requestId, ...fields });
}

function cookieReader(request: Request): (name: string) => string | undefined {
  let parsed: Record<string, string | undefined> | null = null;
  return (name) => {
    parsed ??= readCookies(request.headers.get("cookie"));
    return parsed[name];
  };
}

/** Declares an API route: the returned function is the route file's GET/POST export. */
export function apiRoute<B = undefined, P = Record<string, never>>(spec: SiteRouteSpec<B, P>): RouteHandler;
export function apiRoute<B = undefined, P = Record<string, never>>(spec: AnyHostRouteSpec<B, P>): RouteHandler;
export function apiRoute<B, P>(spec: SiteRouteSpec<B, P> | AnyHostRouteSpec<B, P>): RouteHandler {
  return async (request, segment) => {
    const tenant = (spec.resolve ?? resolveTenant)(requestHost(request.headers));
    const site = tenant.kind === "site" ? tenant.slug : "-";
    const requestId = requestIdOf(request);
    const log = loggerFor(spec.name, site, requestId);
    try {
      const limiters = (spec.limiters ?? processLimiters)();
      const refused = await guardApi(request, tenant, { limit: spec.limit, stateChanging: spec.stateChanging, anyHost: spec.anyHost === true }, limiters);
      if (refused) {
        log("api-refused", { status: refused.status }, "warn");
        return spec.onRefused ? spec.onRefused(request, refused, requestProto(request.headers, request.url) === "https") : refused;
      }
      let read: { body: unknown; raw: string };
      try {
        read = await readBody(request, spec.body ?? "none", spec.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
      } catch (e) {
        if (!(e instanceof Unreadable)) throw e;
        log("api-unreadable-body", { status: e.status }, "warn");
        if (spec.onUnreadable && e.status === 400) return spec.onUnreadable(request, e.message);
        return apiError(e.status, e.message, e.status === 400 ? [{ field: "", message: e.message }] : []);
      }
      let body = read.body as B;
      if (spec.check) {
        const checked = spec.check(read.body);
        if (!checked.ok) return apiError(400, checked.message ?? API_MESSAGES.invalid, checked.errors);
        body = checked.value;
      }
      const params = ((await segment?.params) ?? {}) as P;
      const ctx: ApiContext<B, P, Tenant> = {
        request,
        tenant,
        params,
        body,
        rawBody: read.raw,
        cookie: cookieReader(request),
        https: requestProto(request.headers, request.url) === "https",
        origin: requestOrigin(request.headers, request.url),
        requestId,
        log,
        // The same key as the guard's one point (dealer and client address).
        spend: (limit, points) => limiters.take(limit, limiterKey([site, clientIp(request.headers)]), points),
      };
      // The guard above has refused every non-site host unless the route answers on any host.
      return await (spec.handle as (c: ApiContext<B, P, Tenant>) => Promise<Response> | Response)(ctx);
    } catch (e) {
      log("api-failed", { error: e instanceof Error ? e.name : "unknown", code: (e as { code?: string }).code }, "error");
      return apiError(500, API_MESSAGES.serverError);
    }
  };
}
