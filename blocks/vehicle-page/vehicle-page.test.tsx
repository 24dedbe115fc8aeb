import { describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { isHTTPAccessFallbackError } from "next/dist/client/components/http-access-fallback/http-access-fallback";
import type { DealerManifest, VehiclePageProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { SAMPLE_PROVIDERS } from "@/runtime/finance";
import { testCar } from "@/blocks/vehicle-page/domain/fixtures";
import block from "./index";
import { VehiclePage } from "./VehiclePage";
import { loadSimilarCars, loadVehiclePage } from "./load";

const baseManifest = {
  slug: "test-dealer",
  name: "Test Motors",
  dealerships: [{ id: 101, slug: "test-dealer", name: "Test Motors" }],
  contact: { phones: { sales: "07 3290 4100" }, email: "sales@test.example" },
  locations: [{ id: 11, primary: true, name: "Test Motors Springwood", slug: "springwood", dealership_id: 101, address: { street: "1 A St", city: "Springwood", state: "qld", postcode: "4127" }, contact_detail: { opening_hours: [] } }],
  features: { finance: true, reserve: true },
  finance: { defaultProvider: "prime", providers: [SAMPLE_PROVIDERS.prime] },
  wording: {},
  vehiclePage: { sections: ["features", "dealer-comments", "key-information", "all-specifications", "reserve-online", "fuel-calculator", "delivery-calculator"], sidebarButtons: [{ action: "enquire" }, { action: "call" }, { action: "share" }] },
};

function render(car: Car | null, opts: { props?: VehiclePageProps; manifest?: Record<string, unknown>; similar?: Car[]; dataFailed?: boolean } = {}) {
  const manifest = { ...baseManifest, ...opts.manifest } as unknown as DealerManifest;
  const site = { manifest, pattern: "/cars/[slug]", params: { slug: car?.slug ?? "x" }, pathname: `/cars/${car?.slug}`, searchParams: {}, origin: "http://test-dealer.localhost:3000", now: new Date() } as SiteContext;
  const data = opts.dataFailed ? undefined : car ? { car, similar: opts.similar ?? [] } : null;
  return renderToStaticMarkup(<>{VehiclePage({ props: opts.props ?? {}, data, dataFailed: opts.dataFailed ?? false, site, slots: {} })}</>);
}

describe("vehicle-page block", () => {
  it("is registered with its loader", () => {
    expect(block.component).toBe(VehiclePage);
    expect(block.load).toBe(loadVehiclePage);
  });

  it("calls notFound() when the loader found no car (the page becomes the dealer's 404)", () => {
    let thrown: unknown;
    try {
      render(null);
    } catch (e) {
      thrown = e;
    }
    expect(isHTTPAccessFallbackError(thrown)).toBe(true);
  });

  it("shows a short message (with an h1) when the loader failed", () => {
    expect(render(testCar(), { dataFailed: true })).toContain("<h1>Vehicle details are unavailable right now</h1>");
  });

  it("renders the sections in the manifest's order", () => {
    const out = render(testCar({ standardEquipment: ["Bluetooth"], dealercomments: "Nice car" }));
    const order = [...out.matchAll(/data-section="([a-z-]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(["vdp-features", "vdp-dealer-comments", "vdp-key-information", "vdp-all-specifications", "vdp-reserve-online", "vdp-fuel-calculator", "vdp-delivery-calculator"]);
  });

  it("server-renders the main picture with priority and a reserved size, and one h1", () => {
    const out = render(testCar());
    expect(out).toMatch(/<img[^>]*fetchPriority="high"[^>]*>|<img[^>]*fetchpriority="high"[^>]*>/i);
    expect(out).toMatch(/width="800" height="600"/);
    expect(out.match(/<h1/g)).toHaveLength(1);
    expect(out).toContain("2021 Toyota RAV4 GX</h1>");
  });

  it("sends the thumbnail buttons with the page and their pictures later (after load)", () => {
    const images = Array.from({ length: 12 }, (_, n) => ({ image: { url: `/api/images/vehicle/suv/white/side.webp?w=640&q=75&v=${n}`, thumb: { url: `/api/images/vehicle/suv/white/side.webp?w=320&q=60&v=${n}` } } }));
    const out = render(testCar({ images, photos_count: 12 } as Partial<Car>));
    const strip = out.slice(out.indexOf('aria-label="Thumbnails"'));
    expect(strip.match(/aria-label="Show image \d+"/g)).toHaveLength(12);
    expect(strip.match(/<img [^>]*w=320/g)).toBeNull();
  });

  it("escapes dealer comments and shows the pending message when there are none", () => {
    const out = render(testCar({ dealercomments: '<img src=x onerror="alert(1)">' }));
    expect(out).toContain("&lt;img src=x onerror=");
    expect(out).not.toContain("<img src=x");
    expect(render(testCar({ dealercomments: "" }))).toContain("Dealer comments are pending. Please check back here later.");
  });

  it("masks the phone until revealed, or shows it when the site says so", () => {
    expect(render(testCar())).toContain("07 32** ****");
    const revealed = render(testCar(), { manifest: { vehiclePage: { ...baseManifest.vehiclePage, phoneRevealed: true } } });
    expect(revealed).toContain('href="tel:0732904100"');
  });

  it("shows price, finance and the $200 / 48 hours / 100% refundable reserve section for an available car", () => {
    const out = render(testCar());
    expect(out).toContain('data-testid="price">$32,990');
    expect(out).toContain("Finance Available For This Vehicle!");
    expect(out).toMatch(/\$200<\/strong> deposit.*48 hours.*100% refundable/);
  });

  it("shows SOLD and 'Find Me Something Similar' instead of price, finance and buy buttons for a sold car", () => {
    const out = render(testCar({ status: "sold" }));
    expect(out).toContain("SOLD");
    expect(out).toContain("Find Me Something Similar");
    expect(out).not.toContain('data-testid="price"');
    expect(out).not.toContain("Finance Available");
    expect(out).not.toContain("Enquire Now");
    expect(out).not.toContain("Reserve Online");
  });

  it("opens the lead dialogs from the sidebar's enquire, test drive and request photos buttons, links kept for no JS", () => {
    const out = render(testCar(), { manifest: { features: { finance: true, testDrive: true }, vehiclePage: { ...baseManifest.vehiclePage, sidebarButtons: [{ action: "enquire" }, { action: "test-drive" }, { action: "request-photos" }] } } });
    expect(out).toMatch(/<a href="\/contact\?car_id=1#enquiry"[^>]*aria-haspopup="dialog"[^>]*data-dialog="enquire"/);
    expect(out).toMatch(/<a href="\/book-test-drive\/\?car_id=1"[^>]*data-dialog="test-drive"/);
    expect(out).toMatch(/<a href="\/contact\?car_id=1&amp;category=request-photos#enquiry"[^>]*data-dialog="request-photos"/);
    // No dialog markup in the server HTML: it loads on the first open.
    expect(out).not.toContain("<dialog");
    const sold = render(testCar({ status: "sold" }));
    expect(sold).toMatch(/data-dialog="find-similar"[^>]*>Find Me Something Similar</);
  });

  it("offers the PDF download where the printPdf flag is on, unless the block prop says otherwise", () => {
    const print = { features: { printPdf: true }, vehiclePage: { ...baseManifest.vehiclePage, sidebarButtons: [{ action: "print" }] } };
    expect(render(testCar(), { manifest: print })).toContain("Download PDF");
    expect(render(testCar(), { manifest: print, props: { pdfDownload: false } })).not.toContain("Download PDF");
    expect(render(testCar(), { manifest: { ...print, features: {} } })).not.toContain("Download PDF");
  });

  it("hides the fuel calculator for electric cars", () => {
    expect(render(testCar({ simple_fuel: "Electric" }))).not.toContain('data-section="vdp-fuel-calculator"');
  });

  it("embeds Car and Product JSON-LD with '<' escaped", () => {
    const out = render(testCar({ dealercomments: "</script><b>x</b>" }));
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(out)?.[1];
    expect(json).toBeDefined();
    expect(JSON.parse(json!)).toMatchObject({ "@type": ["Car", "Product"], offers: { priceCurrency: "AUD" } });
  });

  it("announces a car at another location with directions", () => {
    const away = testCar({ location_id: 12, location: { id: 12, name: "Capalaba Motors", slug: "c", place_url: "https://maps.example/x", address: { street: "1 A St", city: "Capalaba", state: "QLD", postcode: "4157" }, dealership: { id: 101, slug: "t" } } });
    const out = render(away);
    expect(out).toMatch(/Located at <strong>Capalaba<\/strong>/);
    expect(out).toContain("Get Directions");
  });

  it("renders similar cars with the site's title, and the trail breadcrumbs", () => {
    const similar = [testCar({ id: 2, slug: "two", model: "Corolla" })];
    const out = render(testCar(), { similar, props: { breadcrumbs: "trail" }, manifest: { vehiclePage: { sections: ["similar-cars"] }, wording: { vehicleType: "Ute" } } });
    expect(out).toContain("Similar Utes In-Stock");
    expect(out).toContain('href="/cars/two"');
    expect(out).toContain('href="/search/toyota/rav4"');
  });
});

describe("vehicle-page loader", () => {
  const site = (slug: unknown) => ({ manifest: baseManifest, params: { slug } }) as unknown as SiteContext;
  it("is null (404) without a slug", async () => {
    expect(await loadVehiclePage({}, site(undefined))).toBeNull();
    expect(await loadVehiclePage({}, site(["a", "b"]))).toBeNull();
  });
  it("falls back to one search when the multi-search fails, and to none when that fails too", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const hit = testCar({ id: 9, slug: "nine" });
    const search = { multiSearch: vi.fn().mockRejectedValue(new Error("boom")), search: vi.fn().mockResolvedValue({ hits: [hit] }), searchForFacetValues: vi.fn() };
    const s = { search, ctx: { baseFilter: "" }, indexName: "Car_production" };
    expect((await loadSimilarCars(baseManifest, testCar(), s as never)).map((c) => c.id)).toEqual([9]);
    expect(search.multiSearch).toHaveBeenCalledTimes(1);
    search.search.mockRejectedValue(new Error("down"));
    expect(await loadSimilarCars(baseManifest, testCar(), s as never)).toEqual([]);
    warn.mockRestore();
  });
});
