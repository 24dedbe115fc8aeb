import { defineBlock } from "@/runtime/render/types";
import type { ResolvedOfferPageProps } from "@/runtime/generated/types";
import { safeHref } from "@/runtime/safe-href";
import { OfferPage } from "./OfferPage";
import { pageOffer } from "./domain";
import { siteTimeZone } from "@/runtime/time";

export default defineBlock<ResolvedOfferPageProps>({
  component: OfferPage,
  // The page is titled with the offer and described by its text.
  metadata: (_props, _data, site) => {
    const offer = pageOffer(site.manifest.tiles, site.params.id, site.now, siteTimeZone(site.manifest));
    if (!offer) return null;
    const image = safeHref(offer.image);
    return { title: offer.title, ...(offer.text ? { description: offer.text } : {}), ...(image ? { image } : {}) };
  },
});
