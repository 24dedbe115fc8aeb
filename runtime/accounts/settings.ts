import type { DealerManifest, ResolvedAccountSettings } from "../generated/types";
import { accountSettingsDefaults } from "../generated/defaults";

/** The site's account settings with every flag present (a loaded manifest has them; a hand-built one gets the schema's). */
export function accountSettings(manifest: Pick<DealerManifest, "accounts">): ResolvedAccountSettings {
  return { ...accountSettingsDefaults, ...manifest.accounts };
}
