import { notFound } from "next/navigation";
import { currentRequest } from "@/runtime/request";
import { StudioIndex } from "@/runtime/studio/studio-page";

export const dynamic = "force-dynamic";

export default async function Page() {
  if ((await currentRequest()).tenant.kind !== "directory") notFound();
  return <StudioIndex />;
}
