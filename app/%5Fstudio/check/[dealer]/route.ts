import { studioCheck } from "@/runtime/studio/http";

export async function POST(request: Request, { params }: { params: Promise<{ dealer: string }> }) {
  return studioCheck(request, "dealer", (await params).dealer);
}
