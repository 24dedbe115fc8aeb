import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pageUrlBlockTypes, pageUrlRegistrySource } from "./generated-files";

const root = mkdtempSync(path.join(tmpdir(), "page-urls-"));
const folder = (name: string, files: string[]) => {
  mkdirSync(path.join(root, "blocks", name), { recursive: true });
  for (const f of files) writeFileSync(path.join(root, "blocks", name, f), "{}");
};
folder("car-page", ["schema.json", "urls.ts"]);
folder("hero", ["schema.json"]);
folder("model-page", ["schema.json", "urls.ts"]);
folder("shared", ["urls.ts"]); // not a block: no schema.json
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("blocks/page-urls.ts", () => {
  it("lists only the block folders that have a urls.ts", () => {
    expect(pageUrlBlockTypes(root)).toEqual(["car-page", "model-page"]);
  });

  it("imports each one's pageUrls and registers it under its block type", () => {
    const source = pageUrlRegistrySource(root);
    expect(source).toContain('import { pageUrls as carPageUrls } from "./car-page/urls";');
    expect(source).toContain('  "model-page": modelPageUrls,');
    expect(source).not.toContain("hero");
    expect(source).not.toContain("shared");
  });
});
