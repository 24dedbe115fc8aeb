import { notFound } from "next/navigation";
import { requireStudio } from "@/runtime/studio/studio-route";
import { mayManageStaff } from "@/runtime/studio/staff-roles";
import { StaffAdminPage } from "@/runtime/studio/staff-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Studio: staff" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ searchParams }: Props) {
  const { access } = await requireStudio();
  // Platform admins only: anyone else gets the studio's not-found page, which says so.
  if (!mayManageStaff(access)) notFound();
  const q = await searchParams;
  return StaffAdminPage({ access, done: typeof q.done === "string" ? q.done : undefined, problem: typeof q.problem === "string" ? q.problem : undefined });
}
