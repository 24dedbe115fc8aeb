import { vehicleImageResponse } from "@/runtime/images/image-route";

// Demo vehicle photos at the width and quality asked (the spec's image CDN parameters).
export async function GET(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  return vehicleImageResponse((await params).path, new URL(request.url).searchParams);
}
