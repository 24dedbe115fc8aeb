import { describe, expect, it } from "vitest";
import { brandHref } from "./brands";

describe("brandHref", () => {
  it("links a brand with a page to /{slug}/overview", () => {
    expect(brandHref({ slug: "twg-tyres" })).toBe("/twg-tyres/overview");
  });
  it("links a brand without a page (skipPage) to its stock", () => {
    expect(brandHref({ slug: "toyota", skipPage: true })).toBe("/search/toyota");
  });
});
