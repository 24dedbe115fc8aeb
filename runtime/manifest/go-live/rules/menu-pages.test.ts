import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { menuPages } from "./menu-pages";

const content = [{ type: "rich-text", props: { content: [{ kind: "paragraph", text: "Hello" }] } }];

describe("go-live rule menu-pages", () => {
  it("warns about a header link to a page with no blocks (the fixture's About page)", () => {
    const problems = menuPages.check(goLiveContext());
    expect(problems).toEqual([expect.objectContaining({ pointer: "/menus/header/1/href", severity: "warning" })]);
    expect(problems[0].message).toContain("'About' goes to /about-us, which has no content yet");
  });

  it("warns about a dropdown or footer link to a page whose feature is off", () => {
    const problems = menuPages.check(
      goLiveContext((m) => {
        m.routes["/about-us"].blocks = content;
        m.routes["/finance"] = { title: "Finance", flag: "finance", blocks: content };
        m.features.finance = false;
        m.menus.header[1].children = [{ label: "Finance", href: "/finance" }];
        m.menus.footer = [{ title: "More", items: [{ label: "Finance", href: "/finance?x=1" }] }];
      }),
    );
    expect(problems.map((p) => p.pointer)).toEqual(["/menus/header/1/children/0/href", "/menus/footer/0/items/0/href"]);
    expect(problems[0].message).toContain("its feature 'finance' is off");
  });

  it("skips links hidden by their own feature and links off the site", () => {
    expect(
      menuPages.check(
        goLiveContext((m) => {
          m.features.finance = false;
          m.menus.header = [
            { label: "About", href: "/about-us", flag: "finance" },
            { label: "Maker", href: "https://www.chery.com.au" },
          ];
        }),
      ),
    ).toEqual([]);
  });
});
