import { wordingDefaults } from "./generated/defaults";
import type { ResolvedWording, Wording } from "./generated/types";

/**
 * A dealer's wording with every text present. A loaded manifest already has the schema's
 * defaults filled in; a manifest or wording built by hand (tests, a card outside a page) gets the
 * same words from the schema, never from a copy in code.
 */
export function resolvedWording(wording: Wording | undefined | null): ResolvedWording {
  return { ...wordingDefaults, ...wording };
}
