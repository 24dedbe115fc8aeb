import { currentRequest } from "@/runtime/request";
import { handleOwnCar } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const { tenant } = await currentRequest();
  return handleOwnCar(request, tenant);
}
