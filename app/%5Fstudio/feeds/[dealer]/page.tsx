import { notFound } from "next/navigation";
import { FeedScreen } from "@/runtime/studio/feed-screen";
import { dealerFeedTarget } from "@/runtime/studio/feed-target";
import { mayEdit } from "@/runtime/studio/staff-roles";
import { requireStudio } from "@/runtime/studio/studio-route";
import "@/runtime/studio/feeds.css";

// The studio's feed import screen (/studio/{dealer}/feed on the directory host): runtime/studio/feed-screen.tsx.
export const dynamic = "force-dynamic";
export const metadata = { title: "Stock feed · Studio" };

type Props = { params: Promise<{ dealer: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** What the last form post said happened (runtime/studio/feed-actions.ts backToScreen), kept short. */
const note = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v.slice(0, 400) : undefined);

export default async function Page({ params, searchParams }: Props) {
  const { access } = await requireStudio();
  const [{ dealer }, q] = await Promise.all([params, searchParams]);
  // A dealer this staff account may not edit is answered like an unknown one.
  if (!mayEdit(access, "dealer", dealer)) notFound();
  const target = dealerFeedTarget(dealer);
  if (!target) notFound();
  return FeedScreen({ target, problem: note(q.problem), notice: note(q.notice) });
}
