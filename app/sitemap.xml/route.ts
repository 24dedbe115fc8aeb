import { pageUrlRegistry } from "@/blocks/page-urls";
import { sitemapXml } from "@/runtime/render/seo";

export async function GET() {
  return sitemapXml(pageUrlRegistry);
}
