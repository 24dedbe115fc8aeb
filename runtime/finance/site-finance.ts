/**
 * The finance settings a block uses on a page: the manifest's `finance` section with the schema's
 * defaults (resolveFinanceSettings), or null when the site has none or its `finance` flag is off
 * (then finance blocks render nothing).
 */
import type { DealerManifest } from "../generated/types";
import { isEnabled } from "../flags";
import { providerFor, resolveFinanceSettings, type FinanceProvider, type FinanceSettings } from "./settings";

export function siteFinanceSettings(manifest: Pick<DealerManifest, "features" | "slug" | "finance">): FinanceSettings | null {
  if (!isEnabled(manifest, "finance") || !manifest.finance) return null;
  try {
    return resolveFinanceSettings(manifest.finance);
  } catch (e) {
    console.error(`[finance] site=${manifest.slug} finance settings unusable: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/**
 * The same settings holding only one provider (the given one, or the default), so a client
 * component is sent the data it uses and nothing else. Throws for an unknown provider id.
 */
export function settingsForProvider(settings: FinanceSettings, providerId?: string): { settings: FinanceSettings; provider: FinanceProvider } {
  const provider = providerFor(settings, providerId);
  return { settings: { ...settings, defaultProvider: provider.id, providers: [provider] }, provider };
}
