import { describe, expect, it } from "vitest";
import { loadedMinimalManifest, schemaValidManifest, loadObject, minimalManifest, ruleContext } from "../../../tests/helpers/manifest-fixture";
import { linksResolve } from "./links-resolve";

const check = (edit: (m: Record<string, any>) => void) => linksResolve.check(ruleContext(schemaValidManifest(edit)));
/** Puts `href` on the second header menu item. */
const withHref = (href: string) => check((m) => (m.menus.header[1].href = href));

describe("rule links-resolve", () => {
  it("accepts the minimal manifest (links to / and /about-us)", () => {
    expect(linksResolve.check(ruleContext(loadedMinimalManifest()))).toEqual([]);
  });

  it("refuses a menu link to a path that no route matches, with its pointer", () => {
    expect(withHref("/nowhere")).toEqual([
      {
        pointer: "/menus/header/1/href",
        message: "link '/nowhere' does not match any route of this site",
        hint: "add a route for '/nowhere' under /routes, or fix the link",
      },
    ]);
  });

  it("accepts links matching a dynamic route, with a trailing slash, query or anchor", () => {
    expect(withHref("/cars/2024-chery-tiggo")).toEqual([]);
    expect(withHref("/about-us/")).toEqual([]);
    expect(withHref("/about-us?ref=menu#team")).toEqual([]);
  });

  it("checks the path without its query string", () => {
    expect(withHref("/nowhere?x=/about-us")[0].message).toBe("link '/nowhere?x=/about-us' does not match any route of this site");
  });

  it("accepts absolute https, mailto, tel and anchor links", () => {
    for (const href of ["https://www.chery.com.au/", "mailto:sales@example.com.au", "tel:0730001234", "#finance"]) expect(withHref(href)).toEqual([]);
  });

  it("refuses http links", () => {
    expect(withHref("http://example.com")).toEqual([{ pointer: "/menus/header/1/href", message: "link 'http://example.com' uses http; use https" }]);
  });

  it("refuses relative paths and other schemes", () => {
    expect(withHref("about-us")[0].message).toBe("link 'about-us' is neither a site path (starting with /) nor an absolute https URL");
    expect(withHref("javascript:alert(1)")).toHaveLength(1);
  });

  it("checks links in dropdown children, tiles and block props too", () => {
    const problems = check((m) => {
      m.menus.header.push({ label: "More", children: [{ label: "Gone", href: "/gone" }] });
      m.tiles = [{ id: "t1", title: "Offer", href: "/offers" }];
      m.announcement = { text: "Hi", href: "/sale" };
    });
    expect(problems.map((p) => p.pointer).sort()).toEqual(["/announcement/href", "/menus/header/2/children/0/href", "/tiles/0/href"]);
  });

  it("refuses a protocol-relative link (//host) even when a dynamic route would match its path", () => {
    // '//evil.example/overview' leaves the site in a browser; it is not a site path.
    const problems = check((m) => {
      m.routes["/[brand]/overview"] = { title: "Brand", blocks: [] };
      m.menus.header[1].href = "//evil.example/overview";
    });
    expect(problems.map((p) => p.pointer)).toEqual(["/menus/header/1/href"]);
  });

  it("refuses a /\\host link (browsers read it as //host)", () => {
    const problems = check((m) => {
      m.routes["/[brand]/overview"] = { title: "Brand", blocks: [] };
      m.menus.header[1].href = "/\\evil.example/overview";
    });
    expect(problems.map((p) => p.pointer)).toEqual(["/menus/header/1/href"]);
  });

  it("is reported by loadManifest at the line of the link", () => {
    const m = minimalManifest();
    m.menus.header[1].href = "/nowhere";
    const result = loadObject(m);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = JSON.stringify(m, null, 2).split("\n");
    const line = text.findIndex((l) => l.includes('"/nowhere"')) + 1;
    expect(result.problems).toEqual([
      expect.objectContaining({ source: "links-resolve", pointer: "/menus/header/1/href", line, column: text[line - 1].indexOf('"/nowhere"') + 1 }),
    ]);
  });
});
