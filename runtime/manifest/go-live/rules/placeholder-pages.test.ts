import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { placeholderPages } from "./placeholder-pages";

const privacy = { title: "Privacy policy", blocks: [{ type: "rich-text", props: { content: [{ kind: "paragraph", text: "We collect…" }] } }] };
const template = { routes: { "/privacy-policy": privacy, "/finance": { title: "Finance", blocks: [] } } };
const check = (edit?: (m: Record<string, any>) => void) =>
  placeholderPages.check(
    goLiveContext(
      (m) => {
        m.routes["/privacy-policy"] = structuredClone(privacy);
        edit?.(m);
      },
      { template },
    ),
  );

describe("go-live rule placeholder-pages", () => {
  it("warns about a privacy page inherited from the template, and not about other pages", () => {
    const problems = placeholderPages.check(goLiveContext((m) => (m.routes["/privacy-policy"] = privacy), { template, written: { routes: {} } }));
    expect(problems).toEqual([expect.objectContaining({ pointer: "/routes/~1privacy-policy", severity: "warning" })]);
    expect(problems[0].message).toContain("Privacy policy page (/privacy-policy) is still the template's placeholder text");
  });

  it("warns when the dealer's file repeats the template's page word for word", () => {
    expect(check()).toHaveLength(1);
  });

  it("says nothing once the dealer's own words are in", () => {
    expect(check((m) => (m.routes["/privacy-policy"].blocks[0].props.content[0].text = "Ballina Kia collects…"))).toEqual([]);
  });

  it("says nothing without a template, or when the dealer removed the page", () => {
    expect(placeholderPages.check(goLiveContext((m) => (m.routes["/privacy-policy"] = privacy)))).toEqual([]);
    expect(placeholderPages.check(goLiveContext(undefined, { template }))).toEqual([]);
  });
});
