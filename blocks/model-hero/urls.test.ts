import { describe, expect, it } from "vitest";
import { pageUrls } from "./urls";

const manifest = { models: [{ slug: "omoda-5" }, { slug: "tiggo 9" }] } as never;
const site = { manifest, now: new Date(), limit: 50_000 };

describe("the model page's URLs", () => {
  it("are the catalogue's models at the route's pattern", () => {
    expect(pageUrls({} as never, site, "/range/[model]")).toEqual([{ path: "/range/omoda-5" }, { path: "/range/tiggo%209" }]);
  });

  it("are only the hero's own model when its props name one", () => {
    expect(pageUrls({ model: "omoda-5" } as never, site, "/models/[model]")).toEqual([{ path: "/models/omoda-5" }]);
  });

  it("are none without a catalogue", () => {
    expect(pageUrls({} as never, { ...site, manifest: {} as never }, "/models/[model]")).toEqual([]);
  });
});
