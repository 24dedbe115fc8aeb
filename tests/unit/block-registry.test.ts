import { describe, expect, it } from "vitest";
import { readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { blockRegistry } from "@/runtime/block-registry";

describe("block registry", () => {
  const folders = readdirSync(path.join(process.cwd(), "blocks"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(process.cwd(), "blocks", d.name, "schema.json")))
    .map((d) => d.name)
    .sort();
  it("registers exactly the block folders the manifest schema is composed from", () => {
    expect(Object.keys(blockRegistry).sort()).toEqual(folders);
  });
});
