import { currentRequest } from "@/runtime/request";
import { handleFavourites } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleFavourites(request, tenant);
}
