import "server-only";
import type { ApiContext, SiteTenant } from "../http/api-route";
import { parseVehicleImagePath } from "./vehicle-image-url";
import { renderVehicleImage, setVehicleImageDiskCache } from "./vehicle-image";
import { imageCacheDir } from "./disk-cache";

// The server keeps rendered pictures on disk too (see disk-cache.ts).
setVehicleImageDiskCache(imageCacheDir());

/** 404 for an unknown body, colour or angle; otherwise the rendered image, cacheable for a year (URLs are content-addressed by their parameters). */
export async function vehicleImageResponse(ctx: ApiContext<undefined, { path: string[] }, SiteTenant>): Promise<Response> {
  const options = parseVehicleImagePath(ctx.params.path, new URL(ctx.request.url).searchParams);
  if (!options) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  const image = await renderVehicleImage(options);
  // A view of the cached bytes, not a copy (new Uint8Array(buffer) would copy every response).
  return new Response(new Uint8Array(image.buffer.buffer as ArrayBuffer, image.buffer.byteOffset, image.buffer.byteLength), {
    headers: { "content-type": image.contentType, "cache-control": "public, max-age=31536000, immutable" },
  });
}
