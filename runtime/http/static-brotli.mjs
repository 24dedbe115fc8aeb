/**
 * The build's scripts and stylesheets (`/_next/static/…`) served Brotli-compressed at the
 * highest quality, compressed once per build instead of on every response.
 *
 * Every response leaves through `compression` at quality 4 (scripts/server.mjs): the right
 * trade for pages, which change, but a built chunk never changes (its name is its content's
 * hash) and quality 11 makes it 14-16 % smaller (React DOM: 70.4 KiB at quality 4, 60.2 at 11).
 * Quality 11 costs about 0.7 s of CPU on React DOM, so it is never done in a request: a file's
 * first request starts its compression in the background (libuv's thread pool, not the event
 * loop) and is answered as before; once the buffer is here, requests that accept Brotli get it
 * from memory. `warmAll` compresses every built script and stylesheet after start, one at a
 * time, so a browser's first page already gets them. Each result is also written under
 * `.next/cache/static-br/{build id}/`, so the next process of the same build (a restart, another
 * server of a test run) reads it back instead of compressing again.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rename, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);

/** Only plain built asset names: letters, digits, `_`, `-`, `.` and folders, ending .js or .css. */
const ASSET_PATH = /^\/_next\/static\/((?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(js|css))$/;
const CONTENT_TYPES = { js: "application/javascript; charset=utf-8", css: "text/css; charset=utf-8" };

/** Whether the request's Accept-Encoding takes Brotli (`br`, without `q=0`). */
export function acceptsBrotli(header) {
  if (typeof header !== "string") return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().split(";");
    if (coding.trim().toLowerCase() !== "br") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

export class StaticBrotli {
  /**
   * @param {{ buildDir: string, log?: (message: string) => void }} options buildDir: Next's `.next`
   */
  constructor({ buildDir, log = () => {} }) {
    this.staticDir = path.join(buildDir, "static");
    let buildId = "unknown";
    try {
      buildId = readFileSync(path.join(buildDir, "BUILD_ID"), "utf8").trim();
    } catch {
      // No build id: the disk cache is keyed "unknown" and simply misses after a rebuild's restart.
    }
    this.cacheDir = path.join(buildDir, "cache", "static-br", buildId.replace(/[^A-Za-z0-9_-]/g, "_"));
    this.log = log;
    /** @type {Map<string, { body: Buffer, etag: string, type: string }>} */
    this.ready = new Map();
    /** @type {Map<string, Promise<void>>} */
    this.pending = new Map();
  }

  /** The compressed bytes held, for the server's memory notes. */
  get bytes() {
    let sum = 0;
    for (const entry of this.ready.values()) sum += entry.body.length;
    return sum;
  }

  /**
   * Answers a GET or HEAD of a built script or stylesheet from memory when its Brotli form is
   * ready and the browser takes Brotli; returns false (and starts the compression, if it is a
   * built asset not yet compressed) when the request should go on to Next as before.
   * @param {import("node:http").IncomingMessage} req
   * @param {import("node:http").ServerResponse} res
   * @param {Record<string, string>} securityHeaders headers every built asset carries (nosniff)
   */
  answer(req, res, securityHeaders = {}) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const match = ASSET_PATH.exec((req.url ?? "").split("?")[0]);
    if (!match) return false;
    const relative = match[1];
    const entry = this.ready.get(relative);
    if (!entry) {
      void this.prepare(relative);
      return false;
    }
    if (!acceptsBrotli(req.headers["accept-encoding"])) return false;
    const headers = {
      "cache-control": "public, max-age=31536000, immutable",
      "content-type": entry.type,
      vary: "Accept-Encoding",
      etag: entry.etag,
      ...securityHeaders,
    };
    if (req.headers["if-none-match"] === entry.etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, { ...headers, "content-encoding": "br", "content-length": entry.body.length });
    res.end(req.method === "HEAD" ? undefined : entry.body);
    return true;
  }

  /**
   * Compresses one built asset (relative to `.next/static`) unless it is held or under way; a
   * missing file (a stale page asking for an old chunk) is left to Next's 404.
   * @param {string} relative
   */
  prepare(relative) {
    if (this.ready.has(relative)) return Promise.resolve();
    let job = this.pending.get(relative);
    if (!job) {
      job = this.load(relative)
        .catch((error) => {
          if (error?.code !== "ENOENT") this.log(`static asset ${relative} not precompressed: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => this.pending.delete(relative));
      this.pending.set(relative, job);
    }
    return job;
  }

  /** @param {string} relative */
  async load(relative) {
    const source = await readFile(path.join(this.staticDir, relative));
    const cached = path.join(this.cacheDir, `${relative}.br`);
    let body = await readFile(cached).catch(() => null);
    if (!body) {
      body = await brotli(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      });
      await mkdir(path.dirname(cached), { recursive: true });
      const temporary = `${cached}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, cached);
    }
    const etag = `"br-${createHash("sha256").update(source).digest("base64url").slice(0, 22)}"`;
    const type = CONTENT_TYPES[/** @type {"js" | "css"} */ (relative.slice(relative.lastIndexOf(".") + 1))];
    this.ready.set(relative, { body, etag, type });
  }

  /** Compresses every built script and stylesheet, one after another; resolves when all are done. */
  async warmAll() {
    const files = await listAssets(this.staticDir).catch(() => []);
    for (const relative of files) await this.prepare(relative);
  }
}

/** Every `.js` and `.css` under `dir`, as paths relative to it with `/` separators. */
async function listAssets(dir, prefix = "") {
  const found = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listAssets(dir, relative)));
    else if (/\.(js|css)$/.test(entry.name) && ASSET_PATH.test(`/_next/static/${relative}`)) found.push(relative);
  }
  return found;
}
