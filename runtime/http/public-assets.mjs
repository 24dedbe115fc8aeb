// Pictures added under public/ while the server runs. Next lists public/ once, when it starts, and
// answers 404 for any file added later; validation accepts a manifest that points at such a file,
// so the dealer's new logo would be missing until a restart. The production server
// (scripts/server.mjs) hands these requests to `send` (Express's static file sender: ranges,
// conditional GET, ETag, and it refuses `..` and dotfiles), and every other request to Next.
import { existsSync, readdirSync, statSync } from "node:fs";
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

/**
 * A request handler for pictures added to `publicDir` after `known` was taken (Next serves the
 * others itself). Returns false when the request is not one of them.
 */
export function publicAssetsAddedLater(publicDir, known = listFiles(publicDir)) {
  return function serveAddedAsset(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const pathname = (req.url ?? "/").split("?")[0];
    if (!ASSET.test(pathname)) return false;
    let decoded;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    if (known.has(decoded) || decoded.includes("\0")) return false;
    const file = path.join(publicDir, decoded);
    if (!file.startsWith(publicDir + path.sep) || !existsSync(file) || !statSync(file).isFile()) return false;
    send(req, pathname, { root: publicDir, dotfiles: "ignore", index: false })
      .on("error", (error) => {
        res.statusCode = error.status ?? 404;
        res.end();
      })
      .pipe(res);
    return true;
  };
}
