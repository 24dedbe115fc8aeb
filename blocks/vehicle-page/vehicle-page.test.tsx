import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { isNotFoundSignal } from "@/tests/helpers/next-signals";
import type { BlockNode } from "@/runtime/generated/types";
import type { BlockRegistry, SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { placeBlocks, runLoaders } from "@/runtime/render/loaders";
import { renderBlocks } from "@/runtime/render/render-blocks";
import { traitsOf } from "@/runtime/block-traits";
import { buildSiteStore } from "@/runtime/manifest/store";
import { blockRegistry } from "@/blocks";
import { testCar, testLocation } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { testManifest, testSite } from "@/blocks/shared/vehicle-page/test-helpers";
import { loadedMinimalManifest } from "@/tests/helpers/manifest-fixture";
import block from "./index";
import { VehiclePage } from "./VehiclePage";
import { loadVehiclePage, vehiclePageContextOf } from "./load";
import { vehiclePageMetadata } from "./metadata";

type Node = { type: string; props?: Record<string, unknown>; slots?: Record<string, Node[]> };

/** Every section block, as the manifest names them. */
const SECTION_TYPES = Object.keys(blockRegistry).filter((t) => traitsOf(t).within === "vehicle-page" && t !== "vehicle-viewer" && t !== "vehicle-sidebar");

/** A vehicle page's tree with the given sections, its props filled by the schema as a loaded manifest has them. */
function pageTree(
  sections: (string | Node)[],
  { props = {}, sidebar = {}, viewer = {} }: { props?: Record<string, unknown>; sidebar?: Record<string, unknown>; viewer?: Record<string, unknown> } = {},
): BlockNode[] {
  const tree: Node = {
    type: "vehicle-page",
    props,
    slots: {
      gallery: [{ type: "vehicle-viewer", props: viewer }],
      sidebar: [{ type: "vehicle-sidebar", props: sidebar }],
      sections: sections.map((s) => (typeof s === "string" ? { type: s, props: {} } : s)),
    },
  };
  const manifest = loadedMinimalManifest((m) => {
    m.features = { ...m.features, reserve: true };
    m.routes["/cars/[slug]"].blocks = [tree];
  });
  return manifest.routes["/cars/[slug]"].blocks as BlockNode[];
}

/** The page rendered as the runtime renders it (loaders, then blocks), with the car and similar cars given instead of searched. */
async function renderPage(
  blocks: BlockNode[],
  opts: { car?: Car | null; similar?: Car[]; manifest?: Record<string, unknown>; failed?: boolean } = {},
): Promise<string> {
  const car = opts.car === undefined ? testCar() : opts.car;
  const registry: BlockRegistry = {
    ...blockRegistry,
    "vehicle-page": { ...block, load: async () => (opts.failed ? Promise.reject(new Error("stock down")) : car ? { car } : null) },
    "vehicle-similar-cars": { ...blockRegistry["vehicle-similar-cars"], load: async () => opts.similar ?? [] },
  };
  const site = testSite(opts.manifest, car?.slug);
  const outcomes = await runLoaders(placeBlocks(blocks, "page"), registry, site);
  return renderToStaticMarkup(<>{(await renderBlocks(blocks, "page", { registry, outcomes, site })) as ReactNode}</>);
}

/** The section blocks a page shows, by their data-section ("vdp-features", "similar-cars"…) as block types. */
const shownSections = (html: string) => [...html.matchAll(/data-section="([a-z-]+)"/g)].map((m) => `vehicle-${m[1].replace(/^vdp-/, "")}`);

describe("vehicle-page block", () => {
  it("is a layout: it loads the car, hands it to its slots, and titles the page", () => {
    expect(block.component).toBe(VehiclePage);
    expect(block.load).toBe(loadVehiclePage);
    expect(block.provideContext).toBe(vehiclePageContextOf);
    expect(block.metadata).toBe(vehiclePageMetadata);
  });

  it("hands the blocks in its slots the car and the analytics sink, and nothing when there is no car", () => {
    const car = testCar();
    expect(vehiclePageContextOf({ car }, { breadcrumbs: "title", analyticsSink: "myLayer" })).toEqual({ car, analyticsSink: "myLayer" });
    expect(vehiclePageContextOf(null, { breadcrumbs: "title", analyticsSink: "myLayer" })).toBeNull();
  });

  it("calls notFound() when the loader found no car (the page becomes the dealer's 404)", async () => {
    const thrown = await renderPage(pageTree(["vehicle-features"]), { car: null }).catch((e: unknown) => e);
    expect(isNotFoundSignal(thrown)).toBe(true);
  });

  it("shows a short message (with an h1) and no sections when the loader failed", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    // With a section that has a loader of its own, as on every sample page (similar cars).
    const out = await renderPage(pageTree(["vehicle-features", "vehicle-similar-cars"]), { failed: true });
    expect(out).toContain("<h1>Vehicle details are unavailable right now</h1>");
    expect(out).not.toContain("data-section");
    const alone = renderToStaticMarkup(
      <>
        {VehiclePage({
          props: { breadcrumbs: "title", analyticsSink: "dataLayer" },
          data: undefined,
          dataFailed: true,
          site: testSite(),
          slots: { sections: <p>section</p> },
        })}
      </>,
    );
    expect(alone).toContain("<h1>Vehicle details are unavailable right now</h1>");
    expect(alone).not.toContain("section");
    error.mockRestore();
  });

  it("loads nothing without a slug (a 404)", async () => {
    const site = (slug: unknown) => ({ ...testSite(), params: { slug } }) as unknown as SiteContext;
    const props = { breadcrumbs: "title" as const, analyticsSink: "dataLayer" };
    expect(await loadVehiclePage(props, site(undefined))).toBeNull();
    expect(await loadVehiclePage(props, site(["a", "b"]))).toBeNull();
  });
});

describe("the vehicle page's block tree", () => {
  const car = testCar({
    standardEquipment: ["Bluetooth"],
    dealercomments: "Nice car",
    video_url: "https://youtu.be/Pun6oMEu02t",
    location: testLocation(),
  });
  const manifest = {
    features: { finance: true, reserve: true, blog: true },
    blogPosts: [{ heading: "New arrivals", description: "d", href: "/news/a", date: "2026-01-02" }],
  };
  const similar = [testCar({ id: 2, slug: "two", model: "Corolla" })];

  it("renders every section block, in the tree's order", async () => {
    const out = await renderPage(pageTree(SECTION_TYPES), { car, similar, manifest });
    // The price gauge renders its markup only once market data arrives in the browser; recently
    // viewed cars are read from the browser's storage.
    expect(shownSections(out)).toEqual(SECTION_TYPES.filter((t) => t !== "vehicle-price-gauge" && t !== "vehicle-recently-viewed"));
    expect(SECTION_TYPES).toHaveLength(20);
  });

  it("renders a reordered tree in the new order", async () => {
    const order = [
      "vehicle-features",
      "vehicle-dealer-comments",
      "vehicle-key-information",
      "vehicle-all-specifications",
      "vehicle-reserve-online",
      "vehicle-fuel-calculator",
      "vehicle-delivery-calculator",
    ];
    expect(shownSections(await renderPage(pageTree(order), { car }))).toEqual(order);
    const reordered = [...order].reverse();
    expect(shownSections(await renderPage(pageTree(reordered), { car }))).toEqual(reordered);
  });

  it("does not render a section taken out of the tree", async () => {
    const out = await renderPage(pageTree(["vehicle-key-information", "vehicle-all-specifications"]), { car });
    expect(shownSections(out)).toEqual(["vehicle-key-information", "vehicle-all-specifications"]);
    expect(out).not.toContain("Dealer Comments");
  });

  it("places the viewer, the sidebar and the sections in the page's grid, with one h1", async () => {
    const out = await renderPage(pageTree(["vehicle-features"]), { car });
    expect(out).toMatch(/data-testid="vehicle-page" data-car-status="in_stock"/);
    const aside = out.indexOf('<aside class="');
    expect(out.indexOf('fetchPriority="high"') > 0 ? out.indexOf('fetchPriority="high"') : out.search(/fetchpriority="high"/i)).toBeLessThan(aside);
    expect(out.indexOf("<h1")).toBeGreaterThan(aside);
    expect(out.indexOf('data-section="vdp-features"')).toBeGreaterThan(out.indexOf("</aside>"));
    expect(out.match(/<h1/g)).toHaveLength(1);
  });

  it("hands the sections the page's analytics sink", async () => {
    const out = await renderPage(pageTree(["vehicle-fuel-calculator"], { props: { analyticsSink: "myLayer" } }), { car });
    expect(out).toContain('data-section="vdp-fuel-calculator"');
  });

  it("renders the sample dealers' pages in their manifests' order", async () => {
    const store = buildSiteStore(path.join(process.cwd(), "manifests"));
    for (const site of store.sites) {
      if (site.status !== "ok") throw new Error(`${site.slug} does not load`);
      const blocks = site.manifest.routes["/cars/[slug]"].blocks as BlockNode[];
      const listed = ((blocks[0] as Node).slots!.sections ?? []).map((s) => s.type);
      const out = await renderPage(blocks, { car, similar, manifest: site.manifest as unknown as Record<string, unknown> });
      const shown = shownSections(out);
      expect(shown, site.slug).toEqual(listed.filter((t) => shown.includes(t)));
      expect(shown.length, site.slug).toBeGreaterThan(3);
    }
  });
});

describe("around the sections", () => {
  it("embeds Car and Product JSON-LD with '<' escaped", async () => {
    const out = await renderPage(pageTree([]), { car: testCar({ dealercomments: "</script><b>x</b>" }) });
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(out)?.[1];
    expect(JSON.parse(json!)).toMatchObject({ "@type": ["Car", "Product"], offers: { priceCurrency: "AUD" } });
  });

  it("announces a car at another location with directions", async () => {
    const away = testCar({
      location_id: 12,
      location: {
        id: 12,
        name: "Capalaba Motors",
        slug: "c",
        place_url: "https://maps.example/x",
        address: { street: "1 A St", city: "Capalaba", state: "QLD", postcode: "4157" },
        dealership: { id: 101, slug: "t" },
      },
    });
    const locations = [
      ...testManifest.locations,
      {
        id: 12,
        name: "Capalaba Motors",
        slug: "c",
        dealership_id: 101,
        address: { street: "1 A St", city: "Capalaba", state: "qld", postcode: "4157" },
        contact_detail: { phone: "07 3000 1212" },
      },
    ];
    const out = await renderPage(pageTree([]), { car: away, manifest: { locations } });
    expect(out).toMatch(/Located at <strong>Capalaba<\/strong>/);
    expect(out).toContain("Get Directions");
  });

  it("shows the title breadcrumbs by default and the trail when the block asks", async () => {
    expect(await renderPage(pageTree([]))).toMatch(/<span aria-current="page">2021 Toyota RAV4 GX<\/span>/);
    const trail = await renderPage(pageTree([], { props: { breadcrumbs: "trail" } }));
    expect(trail).toContain('href="/search/toyota/rav4"');
  });

  it("renders the sticky header, and the bottom bar only when the block has one", async () => {
    const plain = await renderPage(pageTree([]));
    expect(plain).toContain('data-shown="false"');
    expect(plain).not.toContain('data-testid="sticky-bar"');
    const withBar = await renderPage(pageTree([], { props: { stickyBar: { actions: ["call", "enquire"] } } }));
    expect(withBar).toMatch(/data-testid="sticky-bar"[^>]*>.*href="tel:0732904100"[^>]*>Call Us<.*data-dialog="enquire"/);
    const sold = await renderPage(pageTree([], { props: { stickyBar: { actions: ["call", "enquire"] } } }), { car: testCar({ status: "sold" }) });
    expect(sold).toMatch(/data-testid="sticky-bar".*data-dialog="find-similar"[^>]*>Find Me Something Similar</);
  });

  it("warns about blocks in a slot it does not place (they would show nowhere)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const blocks = pageTree(["vehicle-features"]);
    (blocks[0] as Node).slots!.section = [{ type: "vehicle-video", props: {} }];
    const out = await renderPage(blocks, { car: testCar({ video_url: "https://youtu.be/Pun6oMEu02t" }) });
    expect(out).not.toContain('data-section="vdp-video"');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("slots section are not shown (the page places gallery, sidebar, sections)"));
    warn.mockRestore();
  });

  it("renders no lead dialog markup (the dialogs load on the first open)", async () => {
    // The one dialog in the markup is the sidebar's short finance disclaimer (text only, no code to load).
    const html = await renderPage(pageTree(["vehicle-features"]));
    expect(html.match(/<dialog/g)).toHaveLength(1);
    expect(html).toMatch(/<dialog[^>]*>[\s\S]*?Finance disclaimer<\/h2>/);
  });
});
