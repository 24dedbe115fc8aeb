import type { ResolvedLocationPageProps } from "@/runtime/generated/types";
import type { BlockMetadata, SiteContext } from "@/runtime/render/types";
import { addressLine } from "@/blocks/shared/locations/domain/lookup";
import { pageLocation } from "./domain";

/** The page is titled with the location; its description is the address and phone. */
export function locationPageMetadata(_props: ResolvedLocationPageProps, _data: undefined, site: SiteContext): BlockMetadata | null {
  const location = pageLocation(site.manifest, site.pattern, site.params.slug);
  if (!location) return null;
  return {
    title: location.name,
    description: `${location.name}: ${addressLine(location)}. Phone ${location.contact_detail.phone}. Opening hours, holiday hours and directions.`,
  };
}
