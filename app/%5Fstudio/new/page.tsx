import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { hostPort } from "@/runtime/http/origin";
import { decodeFormState, NEW_DEALER_FORM_COOKIE } from "@/runtime/studio/new-dealer";
import { NewDealerForm } from "@/runtime/studio/new-dealer-form";
import { isPlatformAdmin } from "@/runtime/studio/staff-roles";
import { requireStudio } from "@/runtime/studio/studio-route";

export const dynamic = "force-dynamic";
export const metadata = { title: "New dealer · Studio" };

export default async function Page() {
  const { host, access } = await requireStudio();
  // A new dealer is a platform admin's to make (its create post refuses anyone else): an editor gets the studio's not-found page.
  if (!isPlatformAdmin(access)) notFound();
  const state = decodeFormState((await cookies()).get(NEW_DEALER_FORM_COOKIE)?.value);
  return <NewDealerForm state={state} port={hostPort(host)} />;
}
