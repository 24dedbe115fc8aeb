import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { DealerManifest } from "@/runtime/generated/types";
import { SiteFooter } from "./SiteFooter";
import { copyrightYear, dealerColumnLinks, licenceLines } from "./footer-content";
import { blockProps } from "@/tests/helpers/block-props";

const page = { title: "Page", blocks: [] };

function manifest(overrides: Partial<DealerManifest> = {}): DealerManifest {
  return {
    schemaVersion: 2,
    slug: "bay-motors",
    name: "Bay Motor Group",
    template: "dealer-group",
    hosts: [],
    dealerships: [{ id: 1, slug: "bay-motors", name: "Bay Motor Group" }],
    manufacturers: [],
    dealerLicenceNumber: "MD3012345",
    contact: {
      phones: { sales: "07 3000 1234" },
      email: "hello@baymotors.com.au",
      social: [
        { network: "facebook", url: "https://www.facebook.com/baymotors" },
        { network: "youtube", url: "https://www.youtube.com/@baymotors" },
      ],
    },
    locations: [
      {
        id: 1,
        name: "Bay Motors Cleveland",
        slug: "cleveland",
        dealership_id: 1,
        dealer_license_number: "MD3012345",
        motor_vehicle_repairer: "MVR 44321",
        address: { street: "12 Shore St", city: "Cleveland", state: "qld", postcode: "4163" },
        contact_detail: { phone: "07 3286 1111" },
      },
      {
        id: 2,
        name: "Bay Motors Capalaba",
        slug: "capalaba",
        dealership_id: 1,
        dealer_license_number: "MD3099999",
        address: { street: "5 Redland Bay Rd", city: "Capalaba", state: "QLD", postcode: "4157" },
        contact_detail: { phone: "07 3245 2222" },
      },
      {
        id: 3,
        name: "Hidden Yard",
        slug: "hidden",
        visible: false,
        dealer_license_number: "MD0000000",
        dealership_id: 1,
        address: { street: "1 Back St", city: "Nowhere", state: "qld", postcode: "4000" },
        contact_detail: { phone: "07 3000 0000" },
      },
    ],
    theme: { colors: { primary: "#004488", primaryContrast: "#ffffff" }, logo: { src: "/logo.svg", alt: "Bay Motor Group", width: 160, height: 40 } },
    features: { finance: true, blog: false },
    menus: {
      footer: [
        {
          title: "Buyer Tools",
          items: [
            { label: "Our Stock", href: "/search" },
            { label: "Finance", href: "/finance", flag: "finance" },
            { label: "Trade In", href: "/trade-in", flag: "tradeIn" },
            { label: "Evil", href: "javascript:alert(1)" },
          ],
        },
        { title: "Service & Parts", items: [{ label: "Book a service", href: "/service" }] },
      ],
    },
    routes: { "/": page, "/about-us": page, "/news": { ...page, flag: "blog" }, "/contact-us": page, "/privacy-policy": page, "/search/[[...facets]]": page },
    ...overrides,
  } as DealerManifest;
}

const footer = (m: DealerManifest, props = {}, now = new Date("2025-06-01T00:00:00Z")) =>
  renderToStaticMarkup(
    <SiteFooter
      props={blockProps("site-footer", props)}
      data={undefined}
      dataFailed={false}
      site={{ manifest: m, pattern: "/", params: {}, pathname: "/", searchParams: {}, origin: "http://x.localhost:3000", now }}
      slots={{}}
    />,
  );

describe("site-footer", () => {
  it("renders a <footer> with the manifest's columns, flags applied and unsafe links dropped", () => {
    const html = footer(manifest());
    expect(html.startsWith("<footer")).toBe(true);
    expect(html).toContain('<nav aria-label="Footer"');
    expect(html).toContain(">Buyer Tools</h2>");
    expect(html).toContain('href="/finance"');
    expect(html).not.toContain("Trade In");
    expect(html).not.toContain("javascript:");
  });

  it("adds a dealer column titled with the dealer name, with only the pages the site has", () => {
    const m = manifest();
    expect(dealerColumnLinks(m)).toEqual([
      { label: "About Us", href: "/about-us" },
      { label: "Contact Us", href: "/contact-us" }, // /contact is not a route; /contact-us is
      { label: "Privacy Policy", href: "/privacy-policy" }, // no /terms-and-conditions; /news is flagged off
    ]);
    const html = footer(m);
    expect(html).toContain(">Bay Motor Group</h2>");
    expect(html).toContain('href="/about-us"');
    expect(html).not.toContain('href="/news"');
  });

  it("leaves the dealer column out when menus.dealerColumn is false", () => {
    const m = manifest({ menus: { ...manifest().menus, dealerColumn: false } });
    expect(dealerColumnLinks(m)).toEqual([]);
    expect(footer(m)).not.toContain(">Bay Motor Group</h2>");
  });

  it("matches dynamic and catch-all routes too", () => {
    const m = manifest({ routes: { "/": page, "/[...rest]": page } });
    expect(dealerColumnLinks(m).map((l) => l.href)).toEqual(["/about-us", "/news", "/contact", "/terms-and-conditions", "/privacy-policy"]);
  });

  it("lists licence numbers of the dealer and visible locations, without repeats", () => {
    expect(licenceLines(manifest())).toEqual([
      "Dealer licence MD3012345",
      "Bay Motors Cleveland: Motor vehicle repairer licence MVR 44321",
      "Bay Motors Capalaba: Dealer licence MD3099999",
    ]);
    expect(footer(manifest())).not.toContain("MD0000000");
    expect(footer(manifest(), { showLicences: false })).not.toContain("MD3012345");
  });

  it("lists visible locations with address and a tel: link", () => {
    const html = footer(manifest());
    expect(html).toContain("12 Shore St, Cleveland QLD 4163");
    expect(html).toContain('href="tel:0732861111"');
    expect(html).not.toContain("Hidden Yard");
    expect(footer(manifest(), { showLocations: false })).not.toContain("Shore St");
  });

  it("gives social links accessible names", () => {
    const html = footer(manifest());
    expect(html).toContain('href="https://www.facebook.com/baymotors"');
    expect(html).toMatch(/<span class="visually-hidden">Bay Motor Group on <\/span>Facebook/);
    expect(html).toContain("YouTube");
  });

  it("prints the copyright year from the request time in Brisbane", () => {
    expect(footer(manifest())).toContain("© 2025 Bay Motor Group. All rights reserved.");
    expect(copyrightYear(new Date("2025-12-31T15:00:00Z"))).toBe("2026"); // 1am on 1 January in Brisbane
  });

  it("escapes dealer text", () => {
    const html = footer(manifest({ name: '<img src=x onerror="alert(1)">' }), { legalText: "<b>x</b>" });
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>x</b>");
  });
});
