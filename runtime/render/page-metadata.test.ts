import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { schemaValidManifest } from "../../tests/helpers/manifest-fixture";
import type { DealerManifest } from "../generated/types";
import { pageMetadata } from "./site-page";
import type { BlockDefinition, BlockMetadata, BlockRegistry } from "./types";

// pageMetadata: the <head> of a dealer page from its manifest, its route and the blocks on it.
// The manifest is the minimal fixture (checked by the schema); the registry is made up here, with
// blocks whose metadata function returns what a test needs.

const ORIGIN = "http://test-dealer.localhost:3000";
const Nothing = () => null;

/** A block that gives `meta` (or what `meta` makes of its props and loaded data). */
const metaBlock = (meta: BlockMetadata | ((props: Record<string, unknown>, data: unknown) => BlockMetadata)): BlockDefinition => ({
  component: Nothing,
  metadata: (props, data) => (typeof meta === "function" ? meta(props, data) : meta),
});

const registry: BlockRegistry = {
  plain: { component: Nothing },
  "car-title": {
    component: Nothing,
    load: async (_props: unknown, site) => ({ title: `Car ${String(site.params.slug)}` }),
    metadata: (_props, data: { title: string } | undefined) => ({
      title: data?.title,
      description: "A car for sale",
      image: "/api/images/vehicle/suv/red/front.webp",
    }),
  },
  "search-landing": metaBlock((props) => ({ canonicalPath: String(props.canonical), noindex: props.noindex === true })),
  "first-word": metaBlock({ title: "First", description: "First block's description" }),
  "last-word": metaBlock({ title: "Last" }),
  "remote-image": metaBlock({ image: "https://cdn.example.com/promo.jpg" }),
  broken: {
    component: Nothing,
    metadata: () => {
      throw new Error("no title today");
    },
  },
};

type Route = {
  title: string;
  description?: string;
  noindex?: boolean;
  flag?: string;
  blocks: { type: string; props?: Record<string, unknown>; flag?: string }[];
};

/** The minimal manifest with `edit` applied and these routes (added after the schema check: the block types are made up). */
function manifest(routes: Record<string, Route> = {}, edit?: (m: Record<string, any>) => void): DealerManifest {
  const m = schemaValidManifest(edit) as unknown as Record<string, any>;
  m.routes = {
    "/": { title: "Welcome to Test Dealer", blocks: [{ type: "plain" }] },
    "/about-us": { title: "About us", description: "Who we are", blocks: [{ type: "plain" }] },
    ...routes,
  };
  return m as unknown as DealerManifest;
}

const metadataOf = (m: DealerManifest, pathname: string, searchParams: Record<string, string> = {}) =>
  pageMetadata(registry, m, pathname, searchParams, ORIGIN);

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe("page titles", () => {
  it("puts a page's title into the site's title template (default: page | dealer name)", async () => {
    expect((await metadataOf(manifest(), "/about-us")).title).toBe("About us | Test Dealer");
  });

  it("uses the dealer's own title template", async () => {
    const m = manifest({}, (raw) => (raw.seo = { titleTemplate: "%s - Test Dealer Brisbane" }));
    expect((await metadataOf(m, "/about-us")).title).toBe("About us - Test Dealer Brisbane");
  });

  it("gives the home page its own title, untemplated", async () => {
    const m = manifest({}, (raw) => (raw.seo = { titleTemplate: "%s - Test Dealer Brisbane" }));
    expect((await metadataOf(m, "/")).title).toBe("Welcome to Test Dealer");
  });

  it("takes a block's title (from its loaded data) over the route's, inside the template", async () => {
    const m = manifest({ "/cars/[slug]": { title: "Car", blocks: [{ type: "car-title" }] } });
    const meta = await metadataOf(m, "/cars/kia-sportage-123");
    expect(meta.title).toBe("Car kia-sportage-123 | Test Dealer");
    expect(meta.description).toBe("A car for sale");
  });

  it("lets a block title the home page, then through the template", async () => {
    const m = manifest({ "/": { title: "Welcome", blocks: [{ type: "first-word" }] } });
    expect((await metadataOf(m, "/")).title).toBe("First | Test Dealer");
  });

  it("merges several blocks' metadata, the last block winning per field", async () => {
    const m = manifest({ "/deals": { title: "Deals", blocks: [{ type: "first-word" }, { type: "plain" }, { type: "last-word" }] } });
    const meta = await metadataOf(m, "/deals");
    expect(meta.title).toBe("Last | Test Dealer");
    expect(meta.description).toBe("First block's description");
  });

  it("ignores a block behind a disabled flag, and logs a block whose metadata throws without failing the page", async () => {
    const m = manifest({ "/deals": { title: "Deals", blocks: [{ type: "first-word", flag: "nothingLikeThis" }, { type: "broken" }] } });
    expect((await metadataOf(m, "/deals")).title).toBe("Deals | Test Dealer");
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("block=broken metadata failed: no title today"));
  });

  it("titles an unknown path as the 404 page, in the dealer's words when it has them", async () => {
    expect((await metadataOf(manifest(), "/no-such-page")).title).toBe("Page not found | Test Dealer");
    const worded = manifest({}, (raw) => (raw.wording = { ...raw.wording, notFoundTitle: "Lost your way?" }));
    expect((await metadataOf(worded, "/no-such-page")).title).toBe("Lost your way? | Test Dealer");
  });

  it("treats a route behind a disabled flag as not found", async () => {
    const m = manifest({ "/finance": { title: "Finance", flag: "nothingLikeThis", blocks: [] } });
    expect((await metadataOf(m, "/finance")).title).toBe("Page not found | Test Dealer");
  });
});

describe("descriptions", () => {
  it("takes the route's description, else the site's", async () => {
    const m = manifest({}, (raw) => (raw.seo = { description: "New and used cars in Springwood" }));
    expect((await metadataOf(m, "/about-us")).description).toBe("Who we are");
    expect((await metadataOf(m, "/")).description).toBe("New and used cars in Springwood");
  });
});

describe("canonical URLs", () => {
  it("are on the dealer's first listed host over https, whatever host the request came to", async () => {
    expect((await metadataOf(manifest(), "/about-us")).alternates?.canonical).toBe("https://www.test-dealer.com.au/about-us");
  });

  it("are on the canonical host when the dealer names one", async () => {
    const m = manifest({}, (raw) => (raw.seo = { canonicalHost: "test-dealer.com.au" }));
    expect((await metadataOf(m, "/about-us")).alternates?.canonical).toBe("https://test-dealer.com.au/about-us");
  });

  it("have no trailing slash for the home page", async () => {
    expect((await metadataOf(manifest(), "/")).alternates?.canonical).toBe("https://www.test-dealer.com.au");
  });

  it("leave out the query string, or follow the block's canonical path", async () => {
    const m = manifest({ "/search/[[...facets]]": { title: "Search", blocks: [{ type: "search-landing", props: { canonical: "/search/used" } }] } });
    expect((await metadataOf(manifest(), "/about-us", { utm_source: "mail" })).alternates?.canonical).toBe("https://www.test-dealer.com.au/about-us");
    expect((await metadataOf(m, "/search/used/toyota/sedan")).alternates?.canonical).toBe("https://www.test-dealer.com.au/search/used");
  });

  it("fall back to the request's origin for a dealer without hosts", async () => {
    const m = manifest();
    (m as unknown as { hosts: string[] }).hosts = [];
    expect((await metadataOf(m, "/about-us")).alternates?.canonical).toBe(`${ORIGIN}/about-us`);
  });
});

describe("noindex", () => {
  it("is off unless asked for", async () => {
    expect((await metadataOf(manifest(), "/about-us")).robots).toBeUndefined();
  });

  it("comes from the route, keeping links followed", async () => {
    const m = manifest({ "/thanks": { title: "Thanks", noindex: true, blocks: [] } });
    expect((await metadataOf(m, "/thanks")).robots).toEqual({ index: false, follow: true });
  });

  it("comes from a block", async () => {
    const m = manifest({
      "/search/[[...facets]]": { title: "Search", blocks: [{ type: "search-landing", props: { canonical: "/search/used", noindex: true } }] },
    });
    expect((await metadataOf(m, "/search/used/red")).robots).toEqual({ index: false, follow: true });
  });
});

describe("Open Graph", () => {
  it("repeats the title and canonical URL and names the site, in Australian English", async () => {
    const meta = await metadataOf(manifest(), "/about-us");
    expect(meta.openGraph).toMatchObject({
      title: "About us | Test Dealer",
      description: "Who we are",
      url: "https://www.test-dealer.com.au/about-us",
      siteName: "Test Dealer",
      locale: "en_AU",
      type: "website",
    });
    expect(meta.openGraph?.images).toBeUndefined();
  });

  it("takes a block's image, a site-relative one on the request's origin", async () => {
    const m = manifest({ "/cars/[slug]": { title: "Car", blocks: [{ type: "car-title" }] } });
    expect((await metadataOf(m, "/cars/x")).openGraph?.images).toEqual([{ url: `${ORIGIN}/api/images/vehicle/suv/red/front.webp` }]);
    const remote = manifest({ "/promo": { title: "Promo", blocks: [{ type: "remote-image" }] } });
    expect((await metadataOf(remote, "/promo")).openGraph?.images).toEqual([{ url: "https://cdn.example.com/promo.jpg" }]);
  });

  it("falls back to the site's image", async () => {
    const m = manifest({}, (raw) => (raw.seo = { ogImage: "/promos/hero-group.svg" }));
    expect((await metadataOf(m, "/about-us")).openGraph?.images).toEqual([{ url: `${ORIGIN}/promos/hero-group.svg` }]);
  });
});

describe("favicon", () => {
  it("is the theme's, when it has one", async () => {
    const m = manifest({}, (raw) => (raw.theme.favicon = "/dealers/sunshine-chery/favicon.svg"));
    expect((await metadataOf(m, "/")).icons).toEqual({ icon: "/dealers/sunshine-chery/favicon.svg" });
    expect((await metadataOf(manifest(), "/")).icons).toBeUndefined();
  });
});
