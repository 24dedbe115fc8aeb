/**
 * A location written without a time_zone reads its opening hours, holiday dates and "open now" in
 * its dealer's zone (the manifest's timeZone), not in the schema's fallback. The validator fills
 * every missing time_zone with Australia/Brisbane, which put a Sydney or Perth dealer's
 * unzoned locations an hour or two out; only the given (pre-default) manifest says which were
 * written, so this runs after validation, against it.
 */
import type { DealerManifest } from "../generated/types";

type Given = { locations?: unknown };

export function inheritDealerTimeZone(manifest: DealerManifest, given: Given): void {
  const written = Array.isArray(given.locations) ? given.locations : [];
  (manifest.locations ?? []).forEach((location, i) => {
    const source = written[i] as { time_zone?: unknown } | undefined;
    if (source && source.time_zone === undefined && manifest.timeZone) location.time_zone = manifest.timeZone as typeof location.time_zone;
  });
}
