import { robotsTxt } from "@/runtime/seo";

export async function GET() {
  return robotsTxt();
}
