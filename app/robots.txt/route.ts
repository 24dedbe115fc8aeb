import { robotsTxt } from "@/runtime/render/seo";

export async function GET() {
  return robotsTxt();
}
