import { studioSave } from "@/runtime/studio/http";

export async function POST(request: Request, { params }: { params: Promise<{ name: string }> }) {
  return studioSave(request, "draft", (await params).name);
}
