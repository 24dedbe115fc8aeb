import "server-only";
import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { currentRequest } from "../request";
import { StudioPage } from "./studio-page";
import type { StudioKind } from "./targets";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * What each editing route of the studio (/studio/{dealer}, /studio/drafts/{name},
 * /studio/templates/{name}) answers: a 404 off the directory host or for an unknown name, else the
 * editor on the page named by `?route=`.
 */
export async function studioRoute(kind: StudioKind, name: string, searchParams: SearchParams): Promise<ReactNode> {
  const { tenant, host } = await currentRequest();
  if (tenant.kind !== "directory") notFound();
  const route = searchParams.route;
  const page = await StudioPage({ kind, name, host, route: typeof route === "string" ? route : undefined });
  if (!page) notFound();
  return page;
}
