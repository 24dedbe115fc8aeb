import { describe, expect, it } from "vitest";
import { newProblems, refusedTemplateMessage, resolveTarget, studioPathOf, templateUsers, usersInWords, workingCopyName } from "./targets";

describe("studio targets", () => {
  it("resolves only plain names that exist, never a path or a working copy", () => {
    expect(resolveTarget("draft", "coast-chery", ["coast-chery"])).toEqual({ kind: "draft", name: "coast-chery" });
    expect(resolveTarget("draft", "other", ["coast-chery"])).toBeNull();
    expect(resolveTarget("template", "../sunshine-chery", ["../sunshine-chery"])).toBeNull();
    expect(resolveTarget("template", "dealer-base.json", ["dealer-base.json"])).toBeNull();
    expect(resolveTarget("draft", "Coast", ["Coast"])).toBeNull();
    expect(resolveTarget("draft", "studio-sunshine-chery", ["studio-sunshine-chery"])).toBeNull();
    expect(resolveTarget("dealer", "sunshine-chery", ["sunshine-chery"])).toEqual({ kind: "dealer", name: "sunshine-chery" });
  });

  it("gives each target its page and a working copy no other target shares", () => {
    expect(studioPathOf({ kind: "dealer", name: "a" })).toBe("/studio/a");
    expect(studioPathOf({ kind: "draft", name: "a" })).toBe("/studio/drafts/a");
    expect(studioPathOf({ kind: "template", name: "a" })).toBe("/studio/templates/a");
    const names = (["dealer", "draft", "template"] as const).map((kind) => workingCopyName({ kind, name: "draft-a" }));
    expect(names).toEqual(["studio-draft-a", "studio--draft-draft-a", "studio--template-draft-a"]);
    expect(new Set(names).size).toBe(3);
  });

  it("finds the dealers and drafts that extend a template, directly or through another", () => {
    const templates: Record<string, unknown> = { base: {}, caravans: { extends: "base" }, loop: { extends: "loop" } };
    const files = [
      { kind: "draft" as const, name: "coast-chery", value: { extends: "base" } },
      { kind: "dealer" as const, name: "sunshine-chery", value: { extends: "base" } },
      { kind: "dealer" as const, name: "outback-caravans", value: { extends: "caravans" } },
      { kind: "dealer" as const, name: "own", value: {} },
      { kind: "dealer" as const, name: "looped", value: { extends: "loop" } },
    ];
    const users = templateUsers("base", files, (n) => templates[n]);
    expect(users).toEqual([
      { kind: "dealer", name: "outback-caravans", via: ["caravans"] },
      { kind: "dealer", name: "sunshine-chery", via: [] },
      { kind: "draft", name: "coast-chery", via: [] },
    ]);
    expect(templateUsers("caravans", files, (n) => templates[n]).map((u) => u.name)).toEqual(["outback-caravans"]);
    expect(templateUsers("missing", files, (n) => templates[n])).toEqual([]);
    expect(usersInWords(users)).toBe("outback-caravans, sunshine-chery, coast-chery (draft)");
  });

  it("refuses a template save in plain words, each dealer named", () => {
    const message = refusedTemplateMessage("dealer-base", [
      {
        kind: "dealer",
        name: "harbour-motor-group",
        problems: [
          { pointer: "/theme/colors/primary", message: "must match pattern", source: "schema", keyword: "pattern", params: { pattern: "^#[0-9a-fA-F]{6}$" } },
        ],
      },
      {
        kind: "draft",
        name: "coast-chery",
        problems: [
          {
            pointer: "/routes/~1/blocks/0/props/heading",
            message: "must NOT have fewer than 1 characters",
            source: "schema",
            keyword: "minLength",
            params: { limit: 1 },
          },
        ],
      },
    ]);
    expect(message.split("\n")).toEqual([
      "The template dealer-base was not saved: it would make harbour-motor-group and the draft coast-chery invalid.",
      "harbour-motor-group: Use a colour like #1a2b3c. (at theme › colors › primary)",
      "coast-chery: Enter at least 1 character: this cannot be empty. (at routes › / › blocks › block 1 › props › heading)",
    ]);
  });

  it("counts only the problems a change adds", () => {
    const a = { pointer: "/locations/0", message: "close before open", source: "hours-order" };
    const b = { pointer: "/routes/~1/blocks/0/props/heading", message: "must NOT have fewer than 1 characters", source: "schema" };
    expect(newProblems([a], [a])).toEqual([]);
    expect(newProblems([a], [a, b])).toEqual([b]);
    expect(newProblems([], [b])).toEqual([b]);
  });
});
