import { describe, expect, it } from "vitest";
import { schemaValidManifest, ruleContext } from "../../../tests/helpers/manifest-fixture";
import { flagsDeclared } from "./flags-declared";

const check = (edit: (m: Record<string, any>) => void) => flagsDeclared.check(ruleContext(schemaValidManifest(edit)));

describe("rule flags-declared", () => {
  it("accepts a flag that is declared in features", () => {
    expect(check((m) => (m.menus.header[1].flag = "finance"))).toEqual([]);
  });

  it("counts a flag declared as false as declared", () => {
    expect(
      check((m) => {
        m.features.blog = false;
        m.routes["/about-us"].flag = "blog";
      }),
    ).toEqual([]);
  });

  it("refuses an undeclared flag on a route, with its pointer", () => {
    expect(check((m) => (m.routes["/about-us"].flag = "blog"))).toEqual([
      { pointer: "/routes/~1about-us/flag", message: "flag 'blog' is not declared in features", hint: 'add "blog": true (or false) to /features' },
    ]);
  });

  it("refuses undeclared flags on menu items, tiles, blocks in slots and the vehicle sidebar's buttons", () => {
    const problems = check((m) => {
      m.menus.header[0].flag = "compare";
      m.tiles = [{ id: "t", title: "T", flag: "reserve" }];
      m.routes["/"].blocks[0].slots = { main: [{ type: "rich-text", flag: "chat", props: { content: [] } }] };
      m.routes["/cars/[slug]"].blocks = [
        {
          type: "vehicle-page",
          props: {},
          slots: { sidebar: [{ type: "vehicle-sidebar", props: { buttons: [{ action: "enquire" }, { action: "trade-in", flag: "tradeIn" }] } }] },
        },
      ];
    });
    expect(problems.map((p) => p.pointer).sort()).toEqual([
      "/menus/header/0/flag",
      "/routes/~1/blocks/0/slots/main/0/flag",
      "/routes/~1cars~1[slug]/blocks/0/slots/sidebar/0/props/buttons/1/flag",
      "/tiles/0/flag",
    ]);
  });

  it("refuses every flag when features is missing", () => {
    expect(
      check((m) => {
        delete m.features;
        m.menus.header[1].flag = "finance";
      }),
    ).toHaveLength(1);
  });
});
