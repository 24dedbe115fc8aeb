import { describe, expect, it } from "vitest";
import { pageUrls } from "./urls";

const manifest = { locationPagePath: "/contact-us", locations: [{ slug: "springwood" }, { slug: "hidden", visible: false }] } as never;
const site = { manifest, now: new Date(), limit: 50_000 };

describe("the location pages' URLs", () => {
  it("are the visible locations on the route under the site's locationPagePath", () => {
    expect(pageUrls({} as never, site, "/contact-us/[slug]")).toEqual([{ path: "/contact-us/springwood" }]);
  });

  it("are none on the location routes the site does not use (their pages are 404s)", () => {
    expect(pageUrls({} as never, site, "/locations/[slug]")).toEqual([]);
    expect(pageUrls({} as never, site, "/our-location/[slug]")).toEqual([]);
  });
});
