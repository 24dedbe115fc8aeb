import { apiRoute } from "@/runtime/http/api-route";
import { vehicleImageResponse } from "@/runtime/images/image-route";

// Demo vehicle photos at the width and quality asked (the image CDN's parameters), on dealer hosts only.
export const GET = apiRoute({ name: "images.vehicle", limit: "images", stateChanging: false, handle: vehicleImageResponse });
