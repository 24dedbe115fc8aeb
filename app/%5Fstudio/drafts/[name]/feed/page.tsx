import { notFound } from "next/navigation";
import { FeedScreen } from "@/runtime/studio/feed-screen";
import { draftFeedTarget } from "@/runtime/studio/feed-target";
import { mayEdit } from "@/runtime/studio/staff-roles";
import { requireStudio } from "@/runtime/studio/studio-route";
import "@/runtime/studio/feeds.css";

// A draft's feed import screen (/studio/drafts/{name}/feed on the directory host): runtime/studio/feed-screen.tsx.
export const dynamic = "force-dynamic";
export const metadata = { title: "Stock feed · Studio" };

type Props = { params: Promise<{ name: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** What the last form post said happened (runtime/studio/feed-actions.ts backToScreen), kept short. */
const note = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v.slice(0, 400) : undefined);

export default async function Page({ params, searchParams }: Props) {
  const { access } = await requireStudio();
  const [{ name }, q] = await Promise.all([params, searchParams]);
  // The draft editor's rule: a draft this staff account may not edit is answered like an unknown one.
  if (!mayEdit(access, "draft", name)) notFound();
  const target = await draftFeedTarget(name);
  if (!target) notFound();
  return FeedScreen({ target, problem: note(q.problem), notice: note(q.notice) });
}
