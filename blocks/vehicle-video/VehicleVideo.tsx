import type { ResolvedVehicleVideoProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { carTitle } from "@/runtime/cars/availability";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { carVideo } from "@/blocks/shared/vehicle-page/domain/video";
import { SectionPanel } from "@/blocks/shared/vehicle-page/parts";
import { VideoPlayer } from "@/blocks/shared/vehicle-page/client/VideoPlayer.lazy";

/** The car's stock video; nothing when it has none (or its URL cannot be played). */
export function VehicleVideo({ context }: BlockComponentProps<ResolvedVehicleVideoProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const video = carVideo(page.car);
  if (!video) return null;
  return (
    <SectionPanel section="video" title="Video">
      <VideoPlayer video={video} title={`${carTitle(page.car)} video`} />
    </SectionPanel>
  );
}
