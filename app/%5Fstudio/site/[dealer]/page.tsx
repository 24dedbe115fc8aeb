import { studioRoute } from "@/runtime/studio/studio-route";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ dealer: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Page({ params, searchParams }: Props) {
  return studioRoute("dealer", (await params).dealer, await searchParams);
}
