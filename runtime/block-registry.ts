/**
 * Every block type the runtime can render. Adding a block: create blocks/<type>/ (component,
 * schema.json, index.ts, tests) and add one line here. The manifest schema's block union is
 * composed from the same folders by scripts/generate.ts, so an unknown type never validates.
 */
import type { BlockDefinition } from "./render/types";
import richText from "@/blocks/rich-text";

export const blockRegistry: Record<string, BlockDefinition> = {
  "rich-text": richText,
};
