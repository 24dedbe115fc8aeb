/**
 * The stock record's types. They are generated from schemas/entities/car.schema.json, the one
 * source; this module only re-exports them because many vehicle blocks import this path. New
 * code imports them from @/runtime/generated/types.
 */
export type { Car, CarImage, CarLocation, CarVariant, Hotspot, HotspotPosition } from "@/runtime/generated/types";
