// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { cleanup, render, screen } from "@testing-library/react";
import type { DealerManifest, SuccessMessageProps } from "@/runtime/generated/types";
import { stockSearchPath, SuccessMessage } from "./SuccessMessage";
import { lineForCategory, SUCCESS_CATEGORY_KEY } from "./category-line";
import { blockProps } from "@/tests/helpers/block-props";

const page = { title: "Page", blocks: [] };
const manifest = (extra: Partial<DealerManifest> = {}) =>
  ({ name: "Coastline Caravans", features: {}, routes: { "/": page, "/success": page, "/search/[[...facets]]": page }, ...extra }) as unknown as DealerManifest;
const success = (props: SuccessMessageProps = {}, m = manifest()) => (
  <SuccessMessage
    props={blockProps("success-message", props)}
    data={undefined}
    dataFailed={false}
    site={{ manifest: m, pattern: "/success", params: {}, pathname: "/success", searchParams: {}, origin: "", now: new Date() }}
    slots={{}}
  />
);

beforeEach(() => {
  localStorage.clear();
  // The platform's fallback (the local inbox) takes the leads of a dealer that names no destination.
  vi.stubEnv("LEADS_FALLBACK_INBOX", "on");
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe("success-message", () => {
  it("uses the manifest's wording, with defaults, and links home and to stock search", () => {
    const html = renderToStaticMarkup(success({}, manifest({ wording: { successTitle: "Cheers!", successMessage: "We'll call you back today." } })));
    expect(html).toContain(">Cheers!</h1>");
    expect(html).toContain("We&#x27;ll call you back today.");
    expect(html).toMatch(/href="\/"[^>]*>Back to home</);
    expect(html).toMatch(/href="\/search"[^>]*>Search our stock</);
    expect(renderToStaticMarkup(success())).toContain(">Thank you</h1>");
  });

  it("says the enquiry was received, not sent, with the dealer's phone, where its leads reach no one (no destination, no fallback)", () => {
    vi.stubEnv("LEADS_FALLBACK_INBOX", "off");
    vi.stubEnv("LEADS_FALLBACK_WEBHOOK_URL", "");
    vi.stubEnv("AUTH_LOCAL_OUTBOX", "");
    const m = manifest({ contact: { phones: { sales: "02 6686 0000" } } } as Partial<DealerManifest>);
    const html = renderToStaticMarkup(success({ message: "Sent! We'll call you." }, m));
    expect(html).toContain("Your enquiry has been received, but it has not reached our team yet. If it is urgent, please call us on 02 6686 0000.");
    expect(html).not.toContain("Sent!");
    expect(html).not.toContain("has been sent");
    // With a destination of the dealer's own, the usual words.
    const own = manifest({
      contact: { phones: { sales: "02 6686 0000" } },
      forms: { destinations: [{ id: "crm", url: "https://crm.example", secretEnv: "LEADS_CRM" }] },
    } as Partial<DealerManifest>);
    expect(renderToStaticMarkup(success({}, own))).toContain("Your enquiry has been sent.");
  });

  it("props override the wording; empty props (the schema defaults) do not", () => {
    const m = manifest({ wording: { successTitle: "Cheers!" } });
    expect(renderToStaticMarkup(success({ title: "Booked in", message: "See you soon." }, m))).toContain(">Booked in</h1>");
    expect(renderToStaticMarkup(success({ title: "", message: "", stockHref: "" }, m))).toContain(">Cheers!</h1>");
  });

  it("finds the stock search route, or leaves the link out", () => {
    expect(stockSearchPath(manifest())).toBe("/search");
    expect(stockSearchPath(manifest({ routes: { "/": page, "/stock/used-caravans": page } }))).toBe("/stock/used-caravans");
    expect(stockSearchPath(manifest({ routes: { "/": page, "/search/[...facets]": page } }))).toBeNull();
    expect(renderToStaticMarkup(success({}, manifest({ routes: { "/": page } })))).not.toContain("Search our stock");
    expect(renderToStaticMarkup(success({ stockHref: "/caravans-for-sale", stockLabel: "Browse caravans" }))).toMatch(
      /href="\/caravans-for-sale"[^>]*>Browse caravans</,
    );
    expect(renderToStaticMarkup(success({ stockHref: "javascript:alert(1)" }))).not.toContain("javascript:");
  });

  it("maps stored categories to a tailored line", () => {
    expect(lineForCategory("test-drive")).toMatch(/test drive/);
    expect(lineForCategory('"Test Drive"')).toMatch(/test drive/);
    expect(lineForCategory('{"category":"finance"}')).toMatch(/finance/);
    expect(lineForCategory("Enquiry")).toMatch(/enquiry/);
    expect(lineForCategory("something-else")).toBeNull();
    expect(lineForCategory(null)).toBeNull();
    expect(lineForCategory("{not json")).toBeNull();
  });

  it("shows the tailored line after hydration from localStorage", async () => {
    localStorage.setItem(SUCCESS_CATEGORY_KEY, "test-drive");
    render(success());
    expect(await screen.findByText(/confirm your test drive time/)).toBeTruthy();
  });

  it("shows no tailored line without a stored category, or when turned off", () => {
    render(success());
    expect(screen.queryByText(/test drive/)).toBeNull();
    cleanup();
    localStorage.setItem(SUCCESS_CATEGORY_KEY, "finance");
    render(success({ tailorToCategory: false }));
    expect(screen.queryByText(/finance specialist/)).toBeNull();
  });

  it("escapes dealer text", () => {
    const html = renderToStaticMarkup(success({ title: "<script>x</script>" }));
    expect(html).not.toContain("<script>");
  });
});
