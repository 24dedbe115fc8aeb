import { currentRequest } from "@/runtime/request";
import { handleLeadPost } from "@/runtime/leads/api";

export const runtime = "nodejs";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleLeadPost(request, tenant);
}
