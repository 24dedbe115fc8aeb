import { studioSave } from "@/runtime/studio/http";

export async function POST(request: Request, { params }: { params: Promise<{ dealer: string }> }) {
  return studioSave(request, "dealer", (await params).dealer);
}
