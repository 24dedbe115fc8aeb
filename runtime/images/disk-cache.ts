/**
 * Rendered vehicle pictures kept on disk, so a restarted or freshly deployed server does not
 * re-render with sharp (hundreds of milliseconds per picture on a busy machine) the main picture
 * of a vehicle page on its first view: that render sat on the page's LCP path.
 *
 * One file per rendered variant under IMAGE_CACHE_DIR (default <cwd>/.data/image-cache), named by
 * a hash of the variant key and the renderer version, written atomically (temporary file, then
 * rename) so a reader never sees half a picture. Disk trouble never fails a request: a failed
 * read is a miss and a failed write is logged once and skipped. The directory is a cache: safe to
 * delete at any time.
 */
import "server-only";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/** Bump when the drawings change so old files are no longer read. */
export const RENDERER_VERSION = 1;

export function imageCacheDir(): string {
  return process.env.IMAGE_CACHE_DIR ? path.resolve(process.env.IMAGE_CACHE_DIR) : path.join(/*turbopackIgnore: true*/ process.cwd(), ".data", "image-cache");
}

export function diskCacheFile(dir: string, key: string, extension: string): string {
  const name = createHash("sha1").update(`${RENDERER_VERSION}:${key}`).digest("hex");
  // Two-character fan-out keeps directories small when every variant of every car is cached.
  return path.join(/*turbopackIgnore: true*/ dir, name.slice(0, 2), `${name}.${extension}`);
}

let warnedWrite = false;

// Asynchronous file I/O: these run on the image route's request path.
export async function readCachedImage(file: string): Promise<Buffer | null> {
  try {
    return await readFile(/*turbopackIgnore: true*/ file);
  } catch {
    return null;
  }
}

export async function writeCachedImage(file: string, bytes: Buffer): Promise<void> {
  try {
    await mkdir(/*turbopackIgnore: true*/ path.dirname(/*turbopackIgnore: true*/ file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(/*turbopackIgnore: true*/ temporary, bytes);
    await rename(/*turbopackIgnore: true*/ temporary, file);
  } catch (error) {
    if (!warnedWrite)
      console.warn(`[images] disk cache not written (${error instanceof Error ? error.message : String(error)}); pictures are rendered per server start`);
    warnedWrite = true;
  }
}
