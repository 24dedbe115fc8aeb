import { feedScreenRoute } from "@/runtime/studio/studio-route";
import "@/runtime/studio/feeds.css";

// A draft's stock feed screen (/studio/drafts/{name}/feed on the directory host): runtime/studio/feed-screen.tsx.
export const dynamic = "force-dynamic";
export const metadata = { title: "Stock feed · Studio" };

type Props = { params: Promise<{ name: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ params, searchParams }: Props) {
  const [{ name }, q] = await Promise.all([params, searchParams]);
  return feedScreenRoute("draft", name, q);
}
