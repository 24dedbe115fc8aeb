import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { clearVehicleImageCache, parseVehicleImagePath, renderVehicleImage, vehicleImageCacheStats, vehicleImageSvg, vehicleImageUrl } from "./vehicle-image";
import { GALLERY_ANGLES, IMAGE_BODIES, type ImageColour } from "./vehicle-image-url";

describe("parseVehicleImagePath", () => {
  it("parses the generator's URLs with defaults and clamps", () => {
    expect(parseVehicleImagePath(["suv", "red", "front-34.webp"], new URLSearchParams("w=640&q=75"))).toEqual({
      body: "suv",
      colour: "red",
      angle: "front-34",
      format: "webp",
      width: 640,
      quality: 75,
      variation: 0,
    });
    expect(parseVehicleImagePath(["ute", "white", "side.jpg"], {})).toMatchObject({ format: "jpeg", width: 640, quality: 75 });
    expect(parseVehicleImagePath(["ute", "white", "side.jpeg"], { w: "5000", q: "0", v: "3" })).toMatchObject({ width: 1920, quality: 1, variation: 3 });
    expect(parseVehicleImagePath(["ute", "white", "side.webp"], new URLSearchParams("w=10&q=abc"))).toMatchObject({ width: 64, quality: 75 });
    expect(parseVehicleImagePath(["api", "images", "vehicle", "caravan", "silver", "spin-35.webp"])).toMatchObject({ angle: "spin-35" });
    const url = new URL(vehicleImageUrl("motorcycle", "orange", "rear-34", { width: 320, quality: 60, variation: 2 }), "http://x");
    expect(parseVehicleImagePath(url.pathname.split("/").filter(Boolean), url.searchParams)).toMatchObject({
      body: "motorcycle",
      width: 320,
      quality: 60,
      variation: 2,
    });
  });

  it("returns null for anything unknown (the route answers 404)", () => {
    expect(parseVehicleImagePath(["tank", "red", "side.webp"])).toBeNull();
    expect(parseVehicleImagePath(["suv", "mauve", "side.webp"])).toBeNull();
    expect(parseVehicleImagePath(["suv", "red", "underneath.webp"])).toBeNull();
    expect(parseVehicleImagePath(["suv", "red", "spin-36.webp"])).toBeNull();
    expect(parseVehicleImagePath(["suv", "red", "side.png"])).toBeNull();
    expect(parseVehicleImagePath(["suv", "red"])).toBeNull();
    expect(parseVehicleImagePath(["suv", "red", "side.webp", "x"])).toBeNull();
    expect(parseVehicleImagePath(["..", "red", "side.webp"])).toBeNull();
  });
});

describe("vehicleImageSvg", () => {
  it("differs by body, colour and angle", () => {
    const base = vehicleImageSvg("sedan", "red", "side");
    expect(vehicleImageSvg("suv", "red", "side")).not.toBe(base);
    expect(vehicleImageSvg("sedan", "blue", "side")).not.toBe(base);
    expect(vehicleImageSvg("sedan", "red", "front-34")).not.toBe(base);
    expect(vehicleImageSvg("sedan", "red", "side", 1)).not.toBe(base);
  });
  it("produces well-formed SVG for every body and angle", async () => {
    for (const body of IMAGE_BODIES) {
      for (const angle of [...GALLERY_ANGLES, "spin-07"] as const) {
        const svg = vehicleImageSvg(body, "grey", angle);
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined/);
      }
    }
    // librsvg parses a couple of them (rendering all would be slow).
    const meta = await sharp(Buffer.from(vehicleImageSvg("caravan", "white", "rear-34-right"))).metadata();
    expect(meta.width).toBe(800);
  });
});

describe("renderVehicleImage", () => {
  it("renders WebP at the requested width, 4:3", async () => {
    clearVehicleImageCache();
    const img = await renderVehicleImage({ body: "hatch", colour: "blue", angle: "front-34", width: 320 });
    expect(img.contentType).toBe("image/webp");
    const meta = await sharp(img.buffer).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 240 });
    expect(img.buffer.length).toBeGreaterThan(1000);
  });

  it("renders JPEG, clamps the width and uses the defaults", async () => {
    const jpeg = await renderVehicleImage({ body: "ute", colour: "white", angle: "side", width: 10, format: "jpeg", quality: 40 });
    expect(await sharp(jpeg.buffer).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    const def = await renderVehicleImage({ body: "motorcycle", colour: "orange", angle: "side" });
    expect(def).toMatchObject({ width: 640, height: 480 });
  });

  it("gives different pictures for different colours and caches renders", async () => {
    const opts = { body: "suv", angle: "side", width: 160 } as const;
    const colours: ImageColour[] = ["red", "white", "black"];
    const bufs = await Promise.all(colours.map((colour) => renderVehicleImage({ ...opts, colour })));
    expect(new Set(bufs.map((b) => b.buffer.toString("base64"))).size).toBe(3);
    // The body pixels really are the paint: the red render is redder than the white one.
    const stats = await Promise.all(bufs.map((b) => sharp(b.buffer).stats()));
    const redness = (s: Awaited<ReturnType<ReturnType<typeof sharp>["stats"]>>) => s.channels[0].mean - s.channels[2].mean;
    expect(redness(stats[0])).toBeGreaterThan(redness(stats[1]));
    const again = await renderVehicleImage({ ...opts, colour: "red" });
    expect(again.buffer).toBe(bufs[0].buffer);
    expect(vehicleImageCacheStats().entries).toBeGreaterThan(0);
  });

  it("rejects unknown bodies and colours", async () => {
    await expect(renderVehicleImage({ body: "tank" as never, colour: "red", angle: "side" })).rejects.toThrow(RangeError);
  });
});

describe("hex paints (model catalogue colours)", () => {
  it("parses hex-rrggbb colours and paints the picture with that exact colour", async () => {
    const { hexPaint } = await import("./vehicle-image-url");
    expect(hexPaint("#5B5F63")).toBe("hex-5b5f63");
    expect(hexPaint("red")).toBeNull();
    expect(parseVehicleImagePath(["suv", "hex-5b5f63", "front-34.webp"], {})).toMatchObject({ colour: "hex-5b5f63" });
    expect(parseVehicleImagePath(["suv", "hex-5B5F63", "front-34.webp"], {})).toBeNull();
    expect(parseVehicleImagePath(["suv", "hex-12345", "front-34.webp"], {})).toBeNull();
    expect(vehicleImageSvg("suv", "hex-5b5f63", "side")).toContain('fill="#5b5f63"');
    const image = await renderVehicleImage({ body: "suv", colour: "hex-5b5f63", angle: "front-34", width: 64 });
    expect(image.contentType).toBe("image/webp");
  });
});
