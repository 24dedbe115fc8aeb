import type { VideoSource } from "@/blocks/shared/vehicle-page/domain/video";

export interface ViewerImage {
  src: string;
  srcSet?: string;
  thumb: string;
  alt: string;
}

export type ViewerSlide = { kind: "image"; image: ViewerImage } | { kind: "video"; video: VideoSource };

export interface ViewerHotspot {
  id: string;
  title: string;
  description: string;
  positions: { angle: number; x: number; y: number }[];
}

export type ViewerView = "gallery" | "spinner" | "video" | "interior";
