export { brandHref } from "@/runtime/brands";

export type BrandList = "car" | "motorcycle" | "truck";

export const LIST_NAMES: Record<BrandList, string> = {
  car: "Car brands",
  motorcycle: "Motorcycle brands",
  truck: "Truck brands",
};
