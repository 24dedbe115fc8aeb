import { currentRequest } from "@/runtime/request";
import { handleValuationPost } from "@/runtime/leads/valuation";

export const runtime = "nodejs";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleValuationPost(request, tenant);
}
