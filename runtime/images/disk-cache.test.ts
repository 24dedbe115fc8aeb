import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { diskCacheFile, readCachedImage, writeCachedImage } from "./disk-cache";
import { clearVehicleImageCache, keptOnDisk, renderVehicleImage, setVehicleImageDiskCache } from "./vehicle-image";
import { DEFAULT_IMAGE_QUALITY, DEFAULT_IMAGE_WIDTH } from "./vehicle-image-url";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), "image-cache-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  setVehicleImageDiskCache(null);
  clearVehicleImageCache();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("vehicle picture disk cache", () => {
  it("names files by variant and renderer version, fanned out by hash prefix", () => {
    const a = diskCacheFile("/c", "suv/red/side/0/640/75/webp", "webp");
    expect(a).toMatch(/^\/c\/[0-9a-f]{2}\/[0-9a-f]{40}\.webp$/);
    expect(path.basename(path.dirname(a))).toBe(path.basename(a).slice(0, 2));
    expect(diskCacheFile("/c", "suv/red/side/0/320/75/webp", "webp")).not.toBe(a);
  });

  it("writes atomically and reads back; a missing or unwritable file is a miss, never an error", async () => {
    const dir = tempDir();
    const file = diskCacheFile(dir, "k", "webp");
    expect(await readCachedImage(file)).toBeNull();
    await writeCachedImage(file, Buffer.from("bytes"));
    expect((await readCachedImage(file))?.toString()).toBe("bytes");
    writeFileSync(path.join(dir, "blocker"), "");
    await expect(writeCachedImage(path.join(dir, "blocker", "x", "y.webp"), Buffer.from("z"))).resolves.toBeUndefined();
  });

  it("keeps a rendered picture on disk and serves it from there after the memory cache is gone", async () => {
    const dir = tempDir();
    setVehicleImageDiskCache(dir);
    const first = await renderVehicleImage({ body: "suv", colour: "red", angle: "side", width: 640 });
    const file = diskCacheFile(dir, "suv/red/side/0/640/75/webp", "webp");
    await vi.waitFor(() => expect(existsSync(file)).toBe(true)); // written after the picture is returned
    expect(readFileSync(file).equals(first.buffer)).toBe(true);
    // Mark the stored copy: a render after a restart (memory cleared) must come from disk.
    writeFileSync(file, Buffer.from("from disk"));
    clearVehicleImageCache();
    const again = await renderVehicleImage({ body: "suv", colour: "red", angle: "side", width: 640 });
    expect(again.buffer.toString()).toBe("from disk");
    expect(again.contentType).toBe("image/webp");
  });

  it("keeps only the variants the site's pages ask for, so made-up query strings cannot fill the disk", async () => {
    const dir = tempDir();
    setVehicleImageDiskCache(dir);
    await renderVehicleImage({ body: "sedan", colour: "grey", angle: "rear", width: 200 });
    await renderVehicleImage({ body: "sedan", colour: "grey", angle: "rear", width: 640, quality: 33 });
    await renderVehicleImage({ body: "sedan", colour: "grey", angle: "rear", width: 320, quality: 60 });
    const kept = diskCacheFile(dir, "sedan/grey/rear/0/320/60/webp", "webp");
    await vi.waitFor(() => expect(existsSync(kept)).toBe(true));
    expect(existsSync(diskCacheFile(dir, "sedan/grey/rear/0/200/75/webp", "webp"))).toBe(false);
    expect(existsSync(diskCacheFile(dir, "sedan/grey/rear/0/640/33/webp", "webp"))).toBe(false);
  });

  it("keeps the default variant and the stock thumbnails", () => {
    expect(keptOnDisk(DEFAULT_IMAGE_WIDTH, DEFAULT_IMAGE_QUALITY)).toBe(true);
    expect(keptOnDisk(320, 60)).toBe(true); // thumbnails (scripts/stock/generate.ts)
  });

  it("shares one render between concurrent requests for the same variant", async () => {
    const [a, b] = await Promise.all([
      renderVehicleImage({ body: "ute", colour: "blue", angle: "front", width: 120 }),
      renderVehicleImage({ body: "ute", colour: "blue", angle: "front", width: 120 }),
    ]);
    expect(a).toBe(b);
  });
});
