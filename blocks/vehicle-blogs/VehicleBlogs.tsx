import type { ResolvedVehicleBlogsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isEnabled } from "@/runtime/flags";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { BlogCards } from "@/blocks/shared/blog/BlogCards";

/** The site's latest three blog posts, where the blog flag is on. */
export function VehicleBlogs({ site, context }: BlockComponentProps<ResolvedVehicleBlogsProps>) {
  if (!vehiclePageContext(context) || !isEnabled(site.manifest, "blog")) return null;
  return (
    <div data-section="blogs">
      {BlogCards({ props: { heading: "Latest news", limit: 3, category: "all" }, data: undefined, dataFailed: false, site, slots: {} })}
    </div>
  );
}
