import path from "node:path";
import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { REPO_MANIFESTS } from "../../../../tests/helpers/manifest-fixture";
import { schemaPath } from "./schema-path";

describe("go-live rule schema-path", () => {
  it("accepts the path that leads to the schema from the manifest's folder", () => {
    expect(schemaPath.check(goLiveContext((m) => (m.$schema = "../schemas/manifest.schema.json")))).toEqual([]);
  });

  it("warns about a draft's path in a published manifest, proposing the right one", () => {
    const [p] = schemaPath.check(goLiveContext((m) => (m.$schema = "../../schemas/manifest.schema.json")));
    expect(p).toMatchObject({ pointer: "/$schema", severity: "warning", hint: 'set "$schema" to "../schemas/manifest.schema.json"' });
  });

  it("proposes the draft's own path for a draft, and warns when there is none", () => {
    const [p] = schemaPath.check(goLiveContext(undefined, { file: path.join(REPO_MANIFESTS, "drafts", "new.json") }));
    expect(p.message).toMatch(/No \$schema/);
    expect(p.hint).toBe('set "$schema" to "../../schemas/manifest.schema.json"');
  });
});
