import type { ResolvedVehicleDealerCommentsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { truncateComments } from "@/blocks/shared/vehicle-page/domain/comments";
import { resolvedWording } from "@/runtime/wording";
import { SectionPanel } from "@/blocks/shared/vehicle-page/parts";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import { CommentsText } from "./client/CommentsText.lazy";

/** The dealer's comments as plain text (React escapes them), cut with 'Show more'; the pending message when there are none. */
export function VehicleDealerComments({ site, context }: BlockComponentProps<ResolvedVehicleDealerCommentsProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const t = truncateComments(page.car.dealercomments);
  return (
    <SectionPanel section="dealer-comments" title="Dealer Comments">
      {!t ? (
        <p className={shared.muted}>{resolvedWording(site.manifest.wording).dealerCommentsPending}</p>
      ) : t.truncated ? (
        <CommentsText short={t.short} full={t.full} />
      ) : (
        <p className={shared.comments}>{t.full}</p>
      )}
    </SectionPanel>
  );
}
