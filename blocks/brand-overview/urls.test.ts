import { describe, expect, it } from "vitest";
import { pageUrls } from "./urls";

describe("the brand pages' URLs", () => {
  it("are the brands with a page of their own, from every brand list, at the route's pattern", () => {
    const manifest = { brands: { car: [{ slug: "twg-cars" }, { slug: "toyota", skipPage: true }], business: [{ slug: "neotek" }] } } as never;
    expect(pageUrls({} as never, { manifest, now: new Date(), limit: 50_000 }, "/[brand]/overview")).toEqual([
      { path: "/twg-cars/overview" },
      { path: "/neotek/overview" },
    ]);
  });

  it("are none without brands", () => {
    expect(pageUrls({} as never, { manifest: {} as never, now: new Date(), limit: 50_000 }, "/[brand]/overview")).toEqual([]);
  });
});
