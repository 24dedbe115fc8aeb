// Pictures added under public/ while the server runs. Next lists public/ once, when it starts, and
// answers 404 for any file added later; validation accepts a manifest that points at such a file,
// so the dealer's new logo would be missing until a restart. The production server
// (scripts/server.mjs) hands these requests to `send` (Express's static file sender: ranges,
// conditional GET, ETag, and it refuses `..` and dotfiles), and every other request to Next.
//
// It answers before Next's proxy and its tenant gate, so it keeps their rules itself: only on a
// host the app serves (a dealer's site or the directory, as the app registered it at start:
// server-bridge.mjs), and only files really inside public/ (a symbolic link whose target lies
// outside, such as one to /etc or to the data folder, is not followed).
//
// It also keeps that host rule for the files Next serves from public/ itself: Next answers them
// before its proxy runs (proxy.ts lets pictures skip it), on any Host header. A request for one of
// them on a host that is neither a dealer's nor the directory is answered 404 here, before Next.
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import send from "send";

/** Picture and font types only: the same kinds of file proxy.ts lets through without a dealer host. */
const ASSET = /\.(?:svg|png|jpe?g|webp|avif|gif|ico|woff2?)$/i;

/** Every file under a folder, as URL paths ("/logos/a.svg"). */
function listFiles(dir, prefix = "") {
  const out = new Set();
  let entries = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const url = `${prefix}/${e.name}`;
    if (e.isDirectory()) for (const f of listFiles(path.join(dir, e.name), url)) out.add(f);
    else out.add(url);
  }
  return out;
}

/** The real path of a file, or null when it cannot be resolved. @param {string} file */
function realPath(file) {
  try {
    return realpathSync(file);
  } catch {
    return null;
  }
}

/**
 * A request handler for pictures added to `publicDir` after `known` was taken (Next serves the
 * others itself), on the hosts `isKnownHost` accepts; on any other host, a 404 for the files in
 * `known` (which Next would serve on any host). Returns false when the request is not one of
 * these (Next then answers it: a 404 for a file it does not know).
 * @param {string} publicDir
 * @param {{ isKnownHost: (host: string | undefined) => boolean, known?: Set<string> }} options
 */
export function publicAssetsAddedLater(publicDir, { isKnownHost, known = listFiles(publicDir) }) {
  const realDir = realPath(publicDir) ?? publicDir;
  return function serveAddedAsset(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const pathname = (req.url ?? "/").split("?")[0];
    let decoded;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    if (!isKnownHost(req.headers.host)) {
      // One of Next's own public files, asked for on a host the app does not serve: not found here.
      if (!known.has(decoded) && !known.has(pathname)) return false;
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : "Not found\n");
      return true;
    }
    if (!ASSET.test(pathname)) return false;
    if (known.has(decoded) || decoded.includes("\0")) return false;
    const file = path.join(publicDir, decoded);
    if (!file.startsWith(publicDir + path.sep) || !existsSync(file) || !statSync(file).isFile()) return false;
    if (!realPath(file)?.startsWith(realDir + path.sep)) return false;
    send(req, pathname, { root: publicDir, dotfiles: "ignore", index: false })
      .on("error", (error) => {
        res.statusCode = error.status ?? 404;
        res.end();
      })
      .pipe(res);
    return true;
  };
}
