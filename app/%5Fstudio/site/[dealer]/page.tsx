import { notFound } from "next/navigation";
import { currentRequest } from "@/runtime/request";
import { StudioPage } from "@/runtime/studio/studio-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ dealer: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ params, searchParams }: Props) {
  const { tenant, host } = await currentRequest();
  if (tenant.kind !== "directory") notFound();
  const route = (await searchParams).route;
  const page = await StudioPage({ kind: "dealer", name: (await params).dealer, host, route: typeof route === "string" ? route : undefined });
  if (!page) notFound();
  return page;
}
