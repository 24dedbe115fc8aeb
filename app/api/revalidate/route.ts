import { handleRevalidate } from "@/runtime/manifest/revalidate";

export async function POST(request: Request) {
  return handleRevalidate(request);
}
