import { apiRoute } from "@/runtime/http/api-route";
import { handleManufacturerLocations } from "@/runtime/leads/locations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute({ name: "locations", limit: "locations", stateChanging: false, handle: handleManufacturerLocations });
