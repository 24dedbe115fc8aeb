import { apiRoute } from "@/runtime/http/api-route";
import { mediaResponse } from "@/runtime/images/media-route";

// Uploaded pictures (a dealer's logo) from the shared blob store, on the dealer's hosts and the directory's studio.
export const GET = apiRoute({ name: "media", limit: "images", stateChanging: false, anyHost: true, handle: mediaResponse });
