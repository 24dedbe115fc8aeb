import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { vehicleImageResponse } from "@/runtime/images/image-route";

// Demo vehicle photos at the width and quality asked (the spec's image CDN parameters), on dealer hosts only.
export async function GET(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "images", stateChanging: false });
  if (refused) return refused;
  return vehicleImageResponse((await params).path, new URL(request.url).searchParams);
}
