// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { SiteHeader } from "./SiteHeader";
import { headerNavItems, telHref } from "./nav-items";
import { testManifest, testSite } from "./fixture";
import { blockProps } from "@/tests/helpers/block-props";

const header = (props = {}, manifest = testManifest()) => (
  <SiteHeader props={blockProps("site-header", props)} data={undefined} dataFailed={false} site={testSite(manifest)} slots={{}} />
);

afterEach(cleanup);

describe("site-header: server markup", () => {
  it("renders the logo with its size, the sales phone as tel: and a labelled main nav", () => {
    const html = renderToStaticMarkup(header());
    expect(html).toMatch(/<header class="[^"]*header[^"]*"/);
    expect(html).toContain('src="/logos/sunshine-chery.svg" alt="Sunshine Chery" width="180" height="48"');
    expect(html).toContain('href="tel:0730001234"');
    expect(html).toContain("Call sales");
    expect(html).toContain('<nav aria-label="Main"');
    // Closed in the markup: the dropdown-open marker appears only in the header's own scripts.
    expect(html.replace(/<script>[\s\S]*?<\/script>/g, "")).not.toContain("dropdown-open");
  });

  it("writes a text logo (theme.logo.text) as the home link's text instead of a picture", () => {
    const manifest = testManifest();
    manifest.theme.logo = { text: "Sunshine Chery" };
    const html = renderToStaticMarkup(header({}, manifest));
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*><span class="[^"]*logoText[^"]*">Sunshine Chery<\/span><\/a>/);
    expect(html).not.toContain("/logos/sunshine-chery.svg");
  });

  it("shows the chosen phone, or none", () => {
    expect(renderToStaticMarkup(header({ phone: "service" }))).toContain('href="tel:0730005678"');
    expect(renderToStaticMarkup(header({ phone: "finance" }))).toContain('href="tel:0730001234"'); // falls back to sales
    expect(renderToStaticMarkup(header({ showPhone: false }))).not.toContain("tel:");
  });

  it("is sticky unless turned off", () => {
    expect(renderToStaticMarkup(header())).toMatch(/class="[^"]*sticky/);
    expect(renderToStaticMarkup(header({ sticky: false }))).not.toMatch(/class="[^"]*sticky/);
  });

  it("leaves out items whose flag is off and unsafe links", () => {
    const html = renderToStaticMarkup(header());
    expect(html).toContain(">Finance</a>");
    expect(html).not.toContain("Trade In");
    expect(html).not.toContain("Sell your car");
    expect(html).not.toContain("javascript:");
  });

  it("renders dropdown buttons collapsed, each controlling its own panel", () => {
    const html = renderToStaticMarkup(header());
    const controls = [...html.matchAll(/aria-controls="([^"]+)"/g)].map((m) => m[1]);
    expect(controls.length).toBe(4); // menu toggle + 3 dropdowns
    expect(new Set(controls).size).toBe(controls.length);
    for (const id of controls) expect(html).toContain(`id="${id}"`);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(html).not.toContain('aria-expanded="true"');
  });

  it("escapes dealer text", () => {
    const m = testManifest({ menus: { header: [{ label: "<script>alert(1)</script>", href: "/" }] } });
    const html = renderToStaticMarkup(header({}, m));
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;script&gt;");
  });
});

describe("site-header: nav data", () => {
  it("builds brand mega-menus linking to /{slug}/overview", () => {
    const items = headerNavItems(testManifest());
    const brands = items.find((i) => i.label === "Brands");
    expect(brands?.brands).toEqual([
      { title: "Chery", href: "/chery/overview", logoSrc: "/brands/chery.svg" },
      { title: "Omoda", href: "/omoda/overview" },
    ]);
    expect(items.find((i) => i.label === "Owners")?.children).toEqual([{ label: "Owners portal", href: "https://owners.chery.com.au", newTab: true }]);
  });
  it("leaves out a brand that links straight to stock when it has none, as the brand grid does", () => {
    const m = testManifest({
      brands: {
        car: [
          { title: "Chery", slug: "chery" },
          { title: "Haval", slug: "haval", skipPage: true },
          { title: "GWM", slug: "gwm", skipPage: true },
        ],
      },
    });
    const titles = (counts: Record<string, number> | null) =>
      headerNavItems(m, counts)
        .find((i) => i.label === "Brands")
        ?.brands?.map((b) => b.title);
    expect(titles({ Chery: 0, GWM: 4 })).toEqual(["Chery", "GWM"]);
    expect(titles(null)).toEqual(["Chery", "Haval", "GWM"]);
  });
  it("makes tel: links from display numbers", () => {
    expect(telHref("+61 (7) 3000 1234")).toBe("tel:+61730001234");
  });
});

describe("site-header: interaction", () => {
  const headerEl = () => document.querySelector("header")!;
  const isMarked = () => headerEl().hasAttribute("data-dropdown-open") && headerEl().classList.contains("dropdown-open");
  const isUnmarked = () => !headerEl().hasAttribute("data-dropdown-open") && !headerEl().classList.contains("dropdown-open");

  it("opens a dropdown, marks the header, and closes on a second click", () => {
    render(header());
    const button = screen.getByRole("button", { name: "Service & Parts" });
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(panel.hidden).toBe(true);
    expect(isUnmarked()).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(panel.hidden).toBe(false);
    expect(isMarked()).toBe(true);
    expect(screen.getByRole("link", { name: "Servicing" }).getAttribute("href")).toBe("/service");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(isUnmarked()).toBe(true);
  });

  it("Escape closes the dropdown and returns focus to its button", () => {
    render(header());
    const button = screen.getByRole("button", { name: "Service & Parts" });
    fireEvent.click(button);
    screen.getByRole("link", { name: "Servicing" }).focus();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
    expect(isUnmarked()).toBe(true);
  });

  it("a click outside closes the dropdown", () => {
    render(
      <>
        {header()}
        <p>Outside</p>
      </>,
    );
    const button = screen.getByRole("button", { name: "Brands" });
    fireEvent.click(button);
    expect(isMarked()).toBe(true);
    fireEvent.pointerDown(screen.getByText("Outside"));
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(isUnmarked()).toBe(true);
  });

  it("opening one dropdown closes the other; focus leaving a dropdown closes it", () => {
    render(header());
    const brands = screen.getByRole("button", { name: "Brands" });
    const service = screen.getByRole("button", { name: "Service & Parts" });
    fireEvent.click(brands);
    act(() => service.focus());
    fireEvent.click(service);
    expect(brands.getAttribute("aria-expanded")).toBe("false");
    expect(service.getAttribute("aria-expanded")).toBe("true");
    const owners = screen.getByRole("button", { name: "Owners" });
    act(() => owners.focus());
    expect(service.getAttribute("aria-expanded")).toBe("false");
    expect(isUnmarked()).toBe(true);
  });

  it("shows the brand mega-menu with logo links", () => {
    render(header());
    fireEvent.click(screen.getByRole("button", { name: "Brands" }));
    const chery = screen.getByRole("link", { name: "Chery" });
    expect(chery.getAttribute("href")).toBe("/chery/overview");
    expect(chery.querySelector("img")?.getAttribute("alt")).toBe("");
    expect(screen.getByRole("link", { name: "Omoda" }).getAttribute("href")).toBe("/omoda/overview");
  });

  it("the mobile menu button toggles the nav and Escape closes it", () => {
    render(header());
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle.getAttribute("aria-controls")).toBe(document.querySelector("nav ul")!.id);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(headerEl().hasAttribute("data-menu-open")).toBe(true);
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("external dropdown links open in a new tab and say so", () => {
    render(header());
    fireEvent.click(screen.getByRole("button", { name: "Owners" }));
    const link = screen.getByRole("link", { name: /Owners portal/ });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.textContent).toContain("opens in a new tab");
  });
});
