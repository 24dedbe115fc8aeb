import { describe, expect, it } from "vitest";
import { chunkToLoad, gallerySlides, imageAtWidth, imageSrcSet, showsThumbnails, thumbnailsScroll, videoIndex } from "./gallery";

describe("gallery rules", () => {
  it("shows thumbnails only for more than 3 images on an in-stock car", () => {
    expect(showsThumbnails(4, "in_stock")).toBe(true);
    expect(showsThumbnails(3, "in_stock")).toBe(false);
    expect(showsThumbnails(10, "sold")).toBe(false);
    expect(showsThumbnails(10, "coming_soon")).toBe(false);
  });
  it("scrolls thumbnails over 5", () => {
    expect(thumbnailsScroll(5)).toBe(false);
    expect(thumbnailsScroll(6)).toBe(true);
  });
  it("inserts the video at start, second (default), middle or end", () => {
    expect(videoIndex(10, "start")).toBe(0);
    expect(videoIndex(10)).toBe(1);
    expect(videoIndex(10, "middle")).toBe(5);
    expect(videoIndex(10, "end")).toBe(10);
    expect(videoIndex(0, "second")).toBe(0);
    const v = { kind: "file" as const, src: "https://x.example/v.mp4" };
    expect(gallerySlides(["a", "b", "c"], v, "second").map((s) => (s.kind === "video" ? "V" : s.image))).toEqual(["a", "V", "b", "c"]);
    expect(gallerySlides(["a", "b", "c", "d"], v, "middle").map((s) => (s.kind === "video" ? "V" : s.image))).toEqual(["a", "b", "V", "c", "d"]);
    expect(gallerySlides(["a", "b"], null, "start")).toHaveLength(2);
  });
  it("sizes the site's own images and leaves others alone", () => {
    expect(imageAtWidth("/api/images/vehicle/suv/white/side.webp?w=640&q=75", 960)).toBe("/api/images/vehicle/suv/white/side.webp?w=960&q=75");
    expect(imageSrcSet("https://cdn.example/x.jpg")).toBeUndefined();
    expect(imageSrcSet("/api/images/vehicle/suv/white/side.webp?w=640&q=75")).toContain("w=1280&q=75 1280w");
  });
});

describe("chunkToLoad", () => {
  const base = { view: "gallery", fullscreen: false, loaded: {}, spinMayStart: false, touched: false };
  it("fetches nothing for the gallery", () => expect(chunkToLoad(base)).toBeNull());
  it("fetches the spin once it may start or the visitor has used the viewer", () => {
    expect(chunkToLoad({ ...base, view: "spinner" })).toBeNull();
    expect(chunkToLoad({ ...base, view: "spinner", spinMayStart: true })).toBe("spin");
    expect(chunkToLoad({ ...base, view: "spinner", touched: true })).toBe("spin");
    expect(chunkToLoad({ ...base, view: "spinner", touched: true, loaded: { spin: () => null } })).toBeNull();
  });
  it("fetches the interior for its view and the fullscreen dialog when opened, once each", () => {
    expect(chunkToLoad({ ...base, view: "interior" })).toBe("interior");
    expect(chunkToLoad({ ...base, view: "interior", loaded: { interior: () => null } })).toBeNull();
    expect(chunkToLoad({ ...base, fullscreen: true })).toBe("fullscreen");
    expect(chunkToLoad({ ...base, fullscreen: true, loaded: { fullscreen: () => null } })).toBeNull();
  });
  it("prefers the view's chunk to the fullscreen dialog", () => {
    expect(chunkToLoad({ ...base, view: "interior", fullscreen: true })).toBe("interior");
  });
});
