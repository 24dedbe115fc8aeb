import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { AnnouncementBarProps, DealerManifest } from "@/runtime/generated/types";
import { AnnouncementBar } from "./AnnouncementBar";
import { blockProps } from "@/tests/helpers/block-props";

const base = { name: "Sunshine Chery", features: { finance: false }, routes: {} } as unknown as DealerManifest;
const bar = (props: AnnouncementBarProps, manifest: Partial<DealerManifest> = {}, now = new Date()) =>
  renderToStaticMarkup(
    <AnnouncementBar
      props={blockProps("announcement-bar", props)}
      data={undefined}
      dataFailed={false}
      site={{ manifest: { ...base, ...manifest } as DealerManifest, pattern: "/", params: {}, pathname: "/", searchParams: {}, origin: "", now }}
      slots={{}}
    />,
  );

describe("announcement-bar", () => {
  it("shows the manifest's announcement, the whole text linking to its href", () => {
    const html = bar({}, { announcement: { text: "Open Saturday 8am to 4pm", href: "/contact" } });
    expect(html).toContain('<section aria-label="Announcement"');
    expect(html).toMatch(/<a class="[^"]*" href="\/contact">Open Saturday 8am to 4pm<\/a>/);
    expect(bar({}, { announcement: { text: "No link" } })).toContain("<span>No link</span>");
  });

  it("props replace the manifest's announcement, link included", () => {
    const manifest = { announcement: { text: "Manifest text", href: "/contact" } };
    const own = bar({ text: "EOFY sale" }, manifest);
    expect(own).toContain("EOFY sale");
    expect(own).not.toContain("Manifest");
    expect(own).not.toContain("<a ");
    const withLink = bar({ text: "EOFY sale", linkLabel: "View offers", linkHref: "https://offers.example.com.au/eofy" }, manifest);
    expect(withLink).toContain('href="https://offers.example.com.au/eofy"');
    expect(withLink).toContain('rel="noopener noreferrer"');
    expect(withLink).toContain("<span>EOFY sale</span>");
    expect(withLink).toContain(">View offers</a>");
  });

  it("empty props (the schema defaults) fall back to the manifest", () => {
    expect(bar({ text: "", linkLabel: "", linkHref: "", tone: "primary" }, { announcement: { text: "From manifest" } })).toContain("From manifest");
  });

  it("renders nothing without text", () => {
    expect(bar({})).toBe("");
    expect(bar({ text: "   " })).toBe("");
  });

  it("drops unsafe links", () => {
    expect(bar({ text: "Hi", linkLabel: "x", linkHref: "javascript:alert(1)" })).not.toContain("<a ");
    expect(bar({}, { announcement: { text: "Hi", href: "//evil.example" } })).not.toContain("<a ");
  });

  it("escapes dealer text", () => {
    const html = bar({ text: "<script>alert(1)</script>" });
    expect(html).not.toContain("<script>");
  });

  describe("scheduled announcements", () => {
    // Brisbane has no daylight saving: 00:00 there is 14:00 UTC the day before.
    const sale = { text: "Summer sale: 1 to 24 December", href: "/special-offers", start: "2026-12-01T00:00:00", expiry: "2026-12-25T00:00:00" };
    const at = (iso: string) => new Date(iso);

    it("shows a dated manifest announcement only inside its window, start inclusive and expiry exclusive, in the site's time zone", () => {
      expect(bar({}, { announcement: sale }, at("2026-11-30T13:59:59Z"))).toBe("");
      expect(bar({}, { announcement: sale }, at("2026-11-30T14:00:00Z"))).toContain("Summer sale");
      expect(bar({}, { announcement: sale }, at("2026-12-24T13:59:59Z"))).toContain("Summer sale");
      expect(bar({}, { announcement: sale }, at("2026-12-24T14:00:00Z"))).toBe("");
      // The same wall-clock dates in Perth begin two hours later.
      expect(bar({}, { announcement: sale, timeZone: "Australia/Perth" } as Partial<DealerManifest>, at("2026-11-30T15:00:00Z"))).toBe("");
    });

    it("a block's own announcement outside its window gives way to the manifest's", () => {
      const manifest = { announcement: { text: "Open every Saturday" } };
      const own = { text: "Boxing Day sale", start: "2026-12-26", expiry: "2026-12-27" };
      expect(bar(own, manifest, at("2026-12-26T02:00:00Z"))).toContain("Boxing Day sale");
      const before = bar(own, manifest, at("2026-12-20T02:00:00Z"));
      expect(before).toContain("Open every Saturday");
      expect(before).not.toContain("Boxing Day");
    });

    it("a yearly announcement, the manifest's or the block's own, comes back every year between the same dates", () => {
      const yearly = { ...sale, repeat: "yearly" as const };
      expect(bar({}, { announcement: yearly }, at("2029-12-10T02:00:00Z"))).toContain("Summer sale");
      expect(bar({}, { announcement: yearly }, at("2029-12-24T14:00:00Z"))).toBe("");
      expect(bar({}, { announcement: sale }, at("2029-12-10T02:00:00Z"))).toBe("");
      const manifest = { announcement: { text: "Open every Saturday" } };
      const own = { text: "Boxing Day sale", start: "2026-12-26", expiry: "2026-12-27", repeat: "yearly" as const };
      expect(bar(own, manifest, at("2030-12-26T02:00:00Z"))).toContain("Boxing Day sale");
      expect(bar(own, manifest, at("2030-12-27T02:00:00Z"))).toContain("Open every Saturday");
    });
  });
});
