import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The HTTP methods a Next route file may export a handler for. */
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface AppRouteSegment {
  /** The dynamic segment's name ("slug" for [slug], "path" for [...path]). */
  name: string;
  catchAll: boolean;
}

export interface AppRoute {
  /** The file, relative to the repository ("app/api/leads/route.ts"). */
  file: string;
  /** The URL pattern the file serves, route groups left out and %5F read as "_" ("/api/cars/[slug]/pdf", "/_studio/sign-in"). */
  pattern: string;
  segments: AppRouteSegment[];
  /** The HTTP methods the file exports, read from its source. */
  methods: HttpMethod[];
}

const EXPORTED_METHOD = new RegExp(`export\\s+(?:const|let|async\\s+function|function)\\s+(${HTTP_METHODS.join("|")})\\b`, "g");

/** The HTTP methods a route file's source exports. */
export function exportedMethods(source: string): HttpMethod[] {
  return [...new Set([...source.matchAll(EXPORTED_METHOD)].map((m) => m[1] as HttpMethod))];
}

/** Every `route.ts` under `app/` with the URL it serves and the methods it exports: a new route file is listed without anyone adding it. */
export function listAppRoutes(root = process.cwd()): AppRoute[] {
  const appDir = path.join(root, "app");
  const files = (readdirSync(appDir, { recursive: true }) as string[]).filter((f) => path.basename(f) === "route.ts").sort();
  return files.map((rel) => {
    const parts = rel.split(path.sep).slice(0, -1);
    const urlParts = parts.filter((p) => !/^\(.*\)$/.test(p)).map((p) => p.replace(/^%5F/i, "_"));
    const segments = urlParts.flatMap((p) => {
      const m = /^\[(\.\.\.)?([^\]]+)\]$/.exec(p);
      return m ? [{ name: m[2], catchAll: m[1] === "..." }] : [];
    });
    const file = path.join("app", rel);
    return { file, pattern: `/${urlParts.join("/")}`, segments, methods: exportedMethods(readFileSync(path.join(root, file), "utf8")) };
  });
}
