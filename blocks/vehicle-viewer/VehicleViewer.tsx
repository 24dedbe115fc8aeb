import type { ResolvedVehicleViewerProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import type { Hotspot } from "@/runtime/stock/car";
import { carTitle } from "@/runtime/cars/availability";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { carVideo } from "@/blocks/shared/vehicle-page/domain/video";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import { gallerySlides, imageSrcSet, showsThumbnails, thumbnailsScroll } from "./domain/gallery";
import type { ViewerHotspot, ViewerSlide, ViewerView } from "./client/types";
import { GalleryShell } from "./client/GalleryShell.lazy";
import "./vehicle-viewer.module.css"; // linked with the page: the viewer's client parts use its classes

function mainPicture(src: string, alt: string) {
  // The page's LCP element: server-rendered, fetched first, with its box reserved.
  return (
    <img
      className={shared.media}
      src={src}
      srcSet={imageSrcSet(src)}
      sizes="(min-width: 992px) 760px, 100vw"
      alt={alt}
      width={800}
      height={600}
      fetchPriority="high"
      loading="eager"
      decoding="async"
    />
  );
}

function hotspots(list: Hotspot[] | undefined): ViewerHotspot[] {
  return (list ?? []).map((h) => ({ id: h.id, title: h.title ?? "Detail", description: h.description, positions: h.positions }));
}

/**
 * The vehicle page's image viewer: the views the car has (360 spin, walkaround video, gallery,
 * interior), the dealer's default one first. The main picture of the first view is rendered here
 * on the server, with priority, so it paints before any of the viewer's code has arrived.
 */
export function VehicleViewer({ props, context }: BlockComponentProps<ResolvedVehicleViewerProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const { car } = page;
  const { defaultView, videoPosition, autoRotate, spinIntervalMs } = props;
  const title = carTitle(car);
  const images = car.images.filter((i) => typeof i?.image?.url === "string");
  const video = carVideo(car);
  const slides: ViewerSlide[] = gallerySlides(images, video, videoPosition).map((s) =>
    s.kind === "video"
      ? { kind: "video", video: s.video }
      : {
          kind: "image",
          image: {
            src: s.image.image.url,
            srcSet: imageSrcSet(s.image.image.url),
            thumb: s.image.image.thumb?.url ?? s.image.image.url,
            alt: `${title}, picture ${s.imageIndex + 1} of ${images.length}`,
          },
        },
  );
  const spinFrames = car.spin_images ?? [];
  const views: ViewerView[] = [];
  if (spinFrames.length > 1) views.push("spinner");
  if (car.video_url && video) views.push("video");
  views.push("gallery");
  if (car.spin_interior_image) views.push("interior");
  const initialView: ViewerView = defaultView === "spinner" && views.includes("spinner") ? "spinner" : "gallery";
  const first = initialView === "spinner" ? spinFrames[0] : images[0]?.image.url;
  const main = first ? (
    mainPicture(first, initialView === "spinner" ? `${title}, 360 view` : `${title}, picture 1 of ${images.length}`)
  ) : (
    <div className={shared.placeholder}>Photos coming soon</div>
  );
  const ordered: ViewerView[] = [...views].sort((a, b) => (a === initialView ? -1 : b === initialView ? 1 : 0));
  return (
    <GalleryShell
      title={title}
      slides={slides}
      views={ordered}
      initialView={initialView}
      showThumbnails={showsThumbnails(images.length, car.status)}
      thumbnailsScroll={thumbnailsScroll(slides.length)}
      spinFrames={spinFrames}
      exteriorHotspots={hotspots(car.hotspots?.exterior)}
      interior={car.spin_interior_image ? { src: car.spin_interior_image, hotspots: hotspots(car.hotspots?.interior) } : null}
      walkaround={car.video_url ? video : null}
      autoRotate={autoRotate}
      spinIntervalMs={spinIntervalMs}
    >
      {main}
    </GalleryShell>
  );
}
