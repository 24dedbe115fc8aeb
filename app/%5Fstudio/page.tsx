import { requireStudio } from "@/runtime/studio/studio-route";
import { StudioIndex } from "@/runtime/studio/studio-page";
import { StaffBar } from "@/runtime/studio/staff-page";
import { isPlatformAdmin, mayEdit } from "@/runtime/studio/staff-roles";

export const dynamic = "force-dynamic";

export default async function Page() {
  const { access } = await requireStudio();
  // Only what this person may edit: an editor sees their own dealers (and drafts), no templates.
  return <StudioIndex may={(kind, name) => mayEdit(access, kind, name)} admin={isPlatformAdmin(access)} header={<StaffBar access={access} />} />;
}
