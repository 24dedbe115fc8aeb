import { requireStudio } from "@/runtime/studio/studio-route";
import { StudioIndex } from "@/runtime/studio/studio-page";

export const dynamic = "force-dynamic";

export default async function Page() {
  await requireStudio();
  return <StudioIndex />;
}
