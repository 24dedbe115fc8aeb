import { handleRevalidate } from "@/runtime/page-cache/revalidate";

export async function POST(request: Request) {
  return handleRevalidate(request);
}
