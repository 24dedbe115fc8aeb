import { studioRoute } from "@/runtime/studio/studio-route";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ name: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ params, searchParams }: Props) {
  return studioRoute("draft", (await params).name, await searchParams);
}
