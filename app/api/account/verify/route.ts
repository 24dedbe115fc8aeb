import { currentRequest } from "@/runtime/request";
import { handleVerifyCode } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleVerifyCode(request, tenant);
}
