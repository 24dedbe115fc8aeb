/**
 * The pictures a studio field may choose: the image files under public/, as the paths a
 * manifest writes ("/promos/hero.svg"), sorted. PDFs, fonts and anything else there are left out;
 * so are dot-files and folders. Read once per studio page (the folder holds tens of files).
 */
import { readdirSync } from "node:fs";
import path from "node:path";

export const PICTURE_EXTENSIONS = [".svg", ".png", ".jpg", ".jpeg", ".webp", ".avif", ".gif"];

export interface Picture {
  /** The path a manifest writes: "/" + the file's path under public/. */
  path: string;
  /** The file's name, shown beside its thumbnail. */
  name: string;
}

export function isPicture(file: string): boolean {
  return PICTURE_EXTENSIONS.includes(path.extname(file).toLowerCase());
}

/** Every picture under `dir` (public/), at most `limit` of them. */
export function listPictures(dir: string, limit = 2000): Picture[] {
  const out: Picture[] = [];
  const walk = (rel: string) => {
    let entries;
    try {
      entries = readdirSync(/*turbopackIgnore: true*/ path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith(".") || out.length >= limit) continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      // Only names the manifest's asset pattern accepts (letters, digits, . _ / -): anything else could not be written there.
      else if (e.isFile() && isPicture(e.name) && /^[A-Za-z0-9._/-]+$/.test(child)) out.push({ path: `/${child}`, name: e.name });
    }
  };
  walk("");
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
