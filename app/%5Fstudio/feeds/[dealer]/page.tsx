import { feedScreenRoute } from "@/runtime/studio/studio-route";
import "@/runtime/studio/feeds.css";

// The studio's stock feed screen (/studio/{dealer}/feed on the directory host): runtime/studio/feed-screen.tsx.
export const dynamic = "force-dynamic";
export const metadata = { title: "Stock feed · Studio" };

type Props = { params: Promise<{ dealer: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ params, searchParams }: Props) {
  const [{ dealer }, q] = await Promise.all([params, searchParams]);
  return feedScreenRoute("dealer", dealer, q);
}
