import { describe, expect, it } from "vitest";
import type { Car } from "@/runtime/stock/car";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

const props = { defaultView: "spinner" as const, videoPosition: "second" as const, autoRotate: true, spinIntervalMs: 100 };
const spin = Array.from({ length: 36 }, (_, i) => `/api/images/vehicle/suv/white/spin-${i}.webp`);

describe("vehicle-viewer block", () => {
  it("server-renders the main picture with priority and a reserved size", async () => {
    const out = await renderBlock(block, { props, car: testCar() });
    expect(out).toMatch(/<img[^>]*fetchPriority="high"[^>]*>|<img[^>]*fetchpriority="high"[^>]*>/i);
    expect(out).toMatch(/width="800" height="600"/);
    expect(out).toContain('alt="2021 Toyota RAV4 GX, picture 1 of 3"');
  });

  it("sends the thumbnail buttons with the page and their pictures later (after load)", async () => {
    const images = Array.from({ length: 12 }, (_, n) => ({
      image: { url: `/api/images/vehicle/suv/white/side.webp?w=640&q=75&v=${n}`, thumb: { url: `/api/images/vehicle/suv/white/side.webp?w=320&q=60&v=${n}` } },
    }));
    const out = await renderBlock(block, { props, car: testCar({ images, photos_count: 12 } as Partial<Car>) });
    const strip = out.slice(out.indexOf('aria-label="Thumbnails"'));
    expect(strip.match(/aria-label="Show image \d+"/g)).toHaveLength(12);
    expect(strip.match(/<img [^>]*w=320/g)).toBeNull();
  });

  it("opens on the 360 spin where the dealer says so and the car has one, else on the gallery", async () => {
    expect(await renderBlock(block, { props, car: testCar({ spin_images: spin }) })).toContain('alt="2021 Toyota RAV4 GX, 360 view"');
    expect(await renderBlock(block, { props: { ...props, defaultView: "gallery" }, car: testCar({ spin_images: spin }) })).toContain(
      'alt="2021 Toyota RAV4 GX, picture 1 of 3"',
    );
    expect(await renderBlock(block, { props, car: testCar() })).not.toContain("360 view");
  });

  it("shows a placeholder for a car without photos", async () => {
    expect(await renderBlock(block, { props, car: testCar({ images: [] }) })).toContain("Photos coming soon");
  });

  it("renders nothing outside a vehicle page", async () => {
    expect(await renderBlock(block, { props, car: null })).toBe("");
  });
});
