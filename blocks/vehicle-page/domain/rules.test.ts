import { describe, expect, it } from "vitest";
import { maskPhone, telHref } from "./phone";
import { DEALER_COMMENTS_LIMIT, truncateComments } from "./comments";
import { marketPriceBadge } from "./market-badge";
import { carVideo, gallerySlides, imageAtWidth, imageSrcSet, showsThumbnails, thumbnailsScroll, videoIndex, videoSource } from "./gallery";
import { cleanFuelInput, fuelCost, showsFuelCalculator, startingConsumption } from "./fuel";
import { DELIVERY_POSTCODE_INVALID, DELIVERY_POSTCODE_REQUIRED, DELIVERY_UNKNOWN_AREA, lookupDelivery } from "./delivery";
import { autoRotateStep, dragFrame, framesToFetch, hotspotsAt, stepFrame } from "./spin";
import { popupFeatures, shareLinks } from "./share";

describe("phone masking", () => {
  it("keeps the first 5 characters and stars every following digit", () => {
    expect(maskPhone("07 3290 4100")).toBe("07 32** ****");
    expect(maskPhone("1300 123 456")).toBe("1300 *** ***");
    expect(maskPhone("(02) 9000 1234")).toBe("(02) **** ****");
  });
  it("leaves short numbers alone and trims", () => {
    expect(maskPhone(" 12345 ")).toBe("12345");
  });
  it("builds a tel: link from the digits", () => {
    expect(telHref("07 3290 4100")).toBe("tel:0732904100");
    expect(telHref("+61 7 3290 4100")).toBe("tel:+61732904100");
    expect(telHref("n/a")).toBeNull();
  });
});

describe("dealer comments", () => {
  it("is null when empty (the page shows the pending message)", () => {
    expect(truncateComments("")).toBeNull();
    expect(truncateComments("   ")).toBeNull();
    expect(truncateComments(undefined)).toBeNull();
  });
  it("keeps text of 400 characters or less whole", () => {
    const text = "a".repeat(DEALER_COMMENTS_LIMIT);
    expect(truncateComments(text)).toEqual({ full: text, short: text, truncated: false });
  });
  it("cuts longer text at 400 characters, on a word boundary when one is near", () => {
    const words = "word ".repeat(120).trim();
    const t = truncateComments(words)!;
    expect(t.truncated).toBe(true);
    expect(t.short.endsWith("…")).toBe(true);
    expect(t.short.length).toBeLessThanOrEqual(DEALER_COMMENTS_LIMIT + 1);
    expect(t.short).toMatch(/word…$/);
    expect(t.full).toBe(words);
  });
  it("cuts a long unbroken text at exactly 400", () => {
    const t = truncateComments("x".repeat(500))!;
    expect(t.short).toBe("x".repeat(400) + "…");
  });
  it("keeps markup as text (the page escapes it)", () => {
    expect(truncateComments("<script>alert(1)</script>")!.full).toBe("<script>alert(1)</script>");
  });
});

describe("market-price badge", () => {
  const car = (price: number, average: number, state?: number) => ({ price, autograb_data: { average_market_price: average, state_average_market_price: state } });
  it("shows when the price is at least 500 below the state average (preferred)", () => {
    expect(marketPriceBadge(car(20_000, 30_000, 20_500))).toEqual({ average: 20_500, saving: 500, basis: "state" });
    expect(marketPriceBadge(car(20_000, 30_000, 20_499))).toBeNull();
  });
  it("uses the national average when there is no state average", () => {
    expect(marketPriceBadge(car(20_000, 21_000))).toEqual({ average: 21_000, saving: 1000, basis: "national" });
    expect(marketPriceBadge(car(20_000, 20_400))).toBeNull();
  });
  it("needs a displayed price and market data", () => {
    expect(marketPriceBadge({ price: 0, autograb_data: { average_market_price: 30_000 } })).toBeNull();
    expect(marketPriceBadge({ price: 20_000 })).toBeNull();
  });
});

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
  it("plays video-site embed URLs in a frame and other URLs in a video element", () => {
    expect(videoSource("https://www.youtube.com/embed/ZQIempMoSb8")).toEqual({ kind: "embed", src: "https://www.youtube-nocookie.com/embed/ZQIempMoSb8" });
    expect(videoSource("https://www.youtube.com/watch?v=Pun6oMEu02t")).toEqual({ kind: "embed", src: "https://www.youtube-nocookie.com/embed/Pun6oMEu02t" });
    expect(videoSource("https://youtu.be/Pun6oMEu02t")?.kind).toBe("embed");
    expect(videoSource("https://media.dealer-cdn.example.com.au/walkaround/ht10084.mp4")).toEqual({ kind: "file", src: "https://media.dealer-cdn.example.com.au/walkaround/ht10084.mp4" });
    expect(videoSource("javascript:alert(1)")).toBeNull();
    expect(videoSource("http://insecure.example/v.mp4")).toBeNull();
    expect(videoSource("https://www.youtube.com/embed/bad\"id")).toBeNull();
    expect(carVideo({ video_url: null, external_video_url: "https://youtu.be/Pun6oMEu02t" })?.kind).toBe("embed");
  });
  it("sizes the site's own images and leaves others alone", () => {
    expect(imageAtWidth("/api/images/vehicle/suv/white/side.webp?w=640&q=75", 960)).toBe("/api/images/vehicle/suv/white/side.webp?w=960&q=75");
    expect(imageSrcSet("https://cdn.example/x.jpg")).toBeUndefined();
    expect(imageSrcSet("/api/images/vehicle/suv/white/side.webp?w=640&q=75")).toContain("w=1280&q=75 1280w");
  });
});

describe("fuel calculator", () => {
  it("strips '$', ',' and 'kms'", () => {
    expect(cleanFuelInput("$1.70")).toBe(1.7);
    expect(cleanFuelInput("1,250 kms")).toBe(1250);
    expect(cleanFuelInput("250kms")).toBe(250);
    expect(cleanFuelInput("abc")).toBeNaN();
    expect(cleanFuelInput("")).toBeNaN();
  });
  it("costs the defaults: 250 km at 10 L/100km and $1.70 is $42.50", () => {
    expect(fuelCost({ pricePerLitre: "1.70", distanceKm: "250", litresPer100Km: "10" })).toEqual({ ok: true, litres: 25, cost: 42.5 });
  });
  it("names the field that cannot be read", () => {
    expect(fuelCost({ pricePerLitre: "$2", distanceKm: "far", litresPer100Km: "8" })).toMatchObject({ ok: false, field: "distanceKm" });
  });
  it("is hidden for electric cars and starts from the car's consumption", () => {
    expect(showsFuelCalculator({ simple_fuel: "Electric" })).toBe(false);
    expect(showsFuelCalculator({ simple_fuel: "Hybrid" })).toBe(true);
    expect(startingConsumption({ variant: { fuelconsumptioncombined: 7.1 } })).toBe(7.1);
    expect(startingConsumption({})).toBe(10);
  });
});

describe("delivery lookup", () => {
  const table = [
    { from: "4000", to: "4179", region: "Brisbane Metro", price: 0 },
    { from: "4000", to: "4999", region: "Queensland", price: 900 },
  ];
  it("requires a postcode", () => {
    expect(lookupDelivery(table, "")).toEqual({ ok: false, message: DELIVERY_POSTCODE_REQUIRED });
    expect(lookupDelivery(table, "  ")).toEqual({ ok: false, message: DELIVERY_POSTCODE_REQUIRED });
    expect(DELIVERY_POSTCODE_REQUIRED).toBe("Please enter a postcode.");
  });
  it("refuses anything but four digits", () => {
    expect(lookupDelivery(table, "40")).toEqual({ ok: false, message: DELIVERY_POSTCODE_INVALID });
  });
  it("finds the first range holding the postcode", () => {
    expect(lookupDelivery(table, "4127")).toEqual({ ok: true, region: "Brisbane Metro", price: 0 });
    expect(lookupDelivery(table, "4350")).toEqual({ ok: true, region: "Queensland", price: 900 });
    expect(lookupDelivery(table, "4179")).toMatchObject({ region: "Brisbane Metro" });
  });
  it("answers unknown areas with the spec's message", () => {
    expect(lookupDelivery(table, "2000")).toEqual({ ok: false, message: DELIVERY_UNKNOWN_AREA });
    expect(lookupDelivery([], "4000")).toEqual({ ok: false, message: DELIVERY_UNKNOWN_AREA });
    expect(DELIVERY_UNKNOWN_AREA).toMatch(/^Sorry, we can't provide an estimate for that location\./);
  });
});

describe("360 spin", () => {
  it("steps and wraps both ways", () => {
    expect(stepFrame(35, 1, 36)).toBe(0);
    expect(stepFrame(0, -1, 36)).toBe(35);
    expect(stepFrame(0, 0, 0)).toBe(0);
  });
  it("moves one frame per 20 px of drag", () => {
    expect(dragFrame(10, 19, 36)).toBe(10);
    expect(dragFrame(10, 20, 36)).toBe(9);
    expect(dragFrame(10, -40, 36)).toBe(12);
    expect(dragFrame(0, 20, 36)).toBe(35);
  });
  it("shows the hotspots with a position for the frame", () => {
    const hs = [{ id: "a", positions: [{ angle: 3, x: 1, y: 2 }] }, { id: "b", positions: [{ angle: 4, x: 5, y: 6 }] }];
    expect(hotspotsAt(hs, 3).map((h) => h.hotspot.id)).toEqual(["a"]);
    expect(hotspotsAt(undefined, 3)).toEqual([]);
  });
});

describe("share", () => {
  it("offers Facebook, WhatsApp, e-mail and SMS, and Twitter only when asked", () => {
    expect(shareLinks("https://d.example/cars/x", "2021 Toyota").map((l) => l.network)).toEqual(["facebook", "whatsapp", "email", "sms"]);
    expect(shareLinks("https://d.example/cars/x", "T", { twitter: true }).map((l) => l.network)).toContain("twitter");
    expect(shareLinks("https://d.example/cars/x?a=1&b=2", "T")[0].href).toBe("https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fd.example%2Fcars%2Fx%3Fa%3D1%26b%3D2");
  });
  it("opens popups 550 by 400, centred", () => {
    expect(popupFeatures({ left: 0, top: 0, width: 1550, height: 1400 })).toBe("width=550,height=400,left=500,top=500");
  });
});

describe("360 spin fetching", () => {
  it("fetches the shown frame and the next four, wrapping past the last, skipping fetched ones", () => {
    expect(framesToFetch(0, 36, new Set())).toEqual([0, 1, 2, 3, 4]);
    expect(framesToFetch(34, 36, new Set([34, 35]))).toEqual([0, 1, 2]);
    expect(framesToFetch(0, 3, new Set())).toEqual([0, 1, 2]);
    expect(framesToFetch(5, 36, new Set([5, 6, 7, 8, 9]))).toEqual([]);
  });

  it("auto-rotation moves on only to a frame that has loaded, and waits otherwise", () => {
    expect(autoRotateStep(0, 36, new Set([1]))).toBe(1);
    expect(autoRotateStep(0, 36, new Set([2]))).toBe(0);
    expect(autoRotateStep(35, 36, new Set([0]))).toBe(0);
  });
});
