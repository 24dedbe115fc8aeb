import { studioCheck } from "@/runtime/studio/http";

export async function POST(request: Request, { params }: { params: Promise<{ name: string }> }) {
  return studioCheck(request, "template", (await params).name);
}
