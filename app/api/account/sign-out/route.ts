import { currentRequest } from "@/runtime/request";
import { handleSignOut } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleSignOut(request, tenant);
}
