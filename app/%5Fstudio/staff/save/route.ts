import { studioApiRoute } from "@/runtime/studio/http";
import { handleStaffChange } from "@/runtime/studio/staff-http";
import { editableNames } from "@/runtime/studio/staff-page";

const known = () => {
  const { dealers, drafts } = editableNames();
  return [...dealers, ...drafts];
};

// No `edits`: a studio route that names no dealer is for platform admins only.
export const POST = studioApiRoute<Record<string, string | string[]>>({
  name: "studio.staff.save",
  body: "form",
  handle: (ctx, access) => handleStaffChange(ctx, access!, { known }),
});
