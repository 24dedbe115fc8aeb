/**
 * The manifest's search section with the schema's defaults filled in. A loaded manifest already
 * has them (the validator fills defaults); a section built by hand (a test, a script) gets the
 * very same values here, from the same schema, so no code restates a default.
 */
import type { ResolvedSearchSettings, SearchSettings } from "@/runtime/generated/types";
import { searchSettingsDefaults } from "@/runtime/generated/defaults";
import { validateSearchSettings } from "@/runtime/generated/validate-search-settings.js";

const resolved = new WeakMap<object, ResolvedSearchSettings>();

/** The section with every default; throws when it breaks the schema (a loaded manifest never does). */
export function resolveSearchSettings(section: SearchSettings | undefined): ResolvedSearchSettings {
  if (!section) return searchSettingsDefaults;
  let out = resolved.get(section);
  if (!out) {
    const copy = structuredClone(section);
    if (!validateSearchSettings(copy)) {
      const e = validateSearchSettings.errors?.[0];
      throw new Error(`search settings: ${e ? `${e.instancePath || "/"} ${e.message}` : "invalid"}`);
    }
    out = copy as ResolvedSearchSettings;
    resolved.set(section, out);
  }
  return out;
}
