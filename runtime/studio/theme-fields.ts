import "server-only";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";
import { manifestsDir } from "../manifest/store";
import { fieldsOf, type Field } from "./form";
import { templateChain, type TemplateValue } from "./template-origin";

type Json = Record<string, unknown>;

let themeCache: Field[] | null = null;

export function composedSchema(): Json {
  return JSON.parse(readFileSync(/*turbopackIgnore: true*/ path.join(process.cwd(), "schemas", "manifest.schema.json"), "utf8")) as Json;
}
export function composedDefs(): Record<string, Json> {
  return (composedSchema().$defs ?? {}) as Record<string, Json>;
}

/** The theme's form (colours, fonts, logo…), from the composed schema. */
export function themeFields(): Field[] {
  if (!themeCache) {
    const defs = composedDefs();
    themeCache = fieldsOf(defs.theme, defs);
  }
  return themeCache;
}

/** The templates a dealer's file extends, nearest first, as written (for "From template …"). */
export function templatesOf(value: Json): TemplateValue[] {
  return templateChain(value, (name) => {
    const file = path.join(manifestsDir(), "templates", `${name}.json`);
    return existsSync(/*turbopackIgnore: true*/ file) ? parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")) : undefined;
  });
}
