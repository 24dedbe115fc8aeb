import { sitemapXml } from "@/runtime/seo";

export async function GET() {
  return sitemapXml();
}
