import { currentRequest } from "@/runtime/request";
import { handleMe } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const { tenant } = await currentRequest();
  return handleMe(request, tenant);
}
