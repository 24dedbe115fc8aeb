import { describe, expect, it } from "vitest";
import { readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { blockRegistry } from "@/blocks";
import heroBlock from "@/blocks/hero";
import richTextBlock from "@/blocks/rich-text";
import type { ResolvedBlock } from "@/runtime/generated/types";
import type { BlockRegistryOf } from "@/runtime/render/types";

describe("block registry", () => {
  const folders = readdirSync(path.join(process.cwd(), "blocks"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(process.cwd(), "blocks", d.name, "schema.json")))
    .map((d) => d.name)
    .sort();
  it("registers exactly the block folders the manifest schema is composed from", () => {
    expect(Object.keys(blockRegistry).sort()).toEqual(folders);
  });

  it("types each entry with its own block's props (defaults filled), so a swapped entry does not compile", () => {
    const right: Pick<BlockRegistryOf<ResolvedBlock>, "hero" | "rich-text"> = { hero: heroBlock, "rich-text": richTextBlock };
    // @ts-expect-error the rich-text definition under the hero type
    const swapped: Pick<BlockRegistryOf<ResolvedBlock>, "hero"> = { hero: richTextBlock };
    expect(right.hero).toBe(blockRegistry.hero);
    expect(swapped.hero).not.toBe(blockRegistry.hero);
  });
});
