import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

const blog = { features: { blog: true }, blogPosts: [{ heading: "New arrivals", description: "Fresh stock", href: "/news/new-arrivals", date: "2026-01-02" }] };

describe("vehicle-blogs block", () => {
  it("shows the latest posts where the blog flag is on", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar(), manifest: blog });
    expect(out).toContain('data-section="blogs"');
    expect(out).toContain("Latest news");
    expect(out).toContain("New arrivals");
  });
  it("is left out where the blog flag is off, and outside a vehicle page", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar(), manifest: { ...blog, features: { blog: false } } })).toBe("");
    expect(await renderBlock(block, { props: {}, car: null, manifest: blog })).toBe("");
  });
});
