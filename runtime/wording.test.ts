import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolvedWording } from "./wording";

const schema = JSON.parse(readFileSync(path.join(process.cwd(), "schemas/manifest.source.json"), "utf8"));
const schemaDefault = (key: string) => schema.$defs.wording.properties[key].default;

describe("resolvedWording", () => {
  it("gives the schema's words where the dealer has none", () => {
    const w = resolvedWording(undefined);
    expect(w.notFoundTitle).toBe(schemaDefault("notFoundTitle"));
    expect(w.notFoundMessage).toBe(schemaDefault("notFoundMessage"));
    expect(resolvedWording({}).soldTag).toBe(schemaDefault("soldTag"));
  });

  it("keeps the dealer's own words", () => {
    const w = resolvedWording({ notFoundTitle: "Nothing here", soldTag: "SOLD" });
    expect(w.notFoundTitle).toBe("Nothing here");
    expect(w.soldTag).toBe("SOLD");
    expect(w.newBadge).toBe(schemaDefault("newBadge"));
  });

  it("tags a just-arrived car 'New Arrival' by default, never plain 'New'", () => {
    expect(resolvedWording(undefined).newBadge).toBe("New Arrival");
  });
});
