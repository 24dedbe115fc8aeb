import "server-only";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { currentRequest } from "../request";
import { studioAccess } from "./sign-in";
import { StudioPage } from "./studio-page";
import type { StudioKind } from "./targets";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Every studio page's own check of the session (the proxy only saw a cookie of the right shape):
 * a 404 off the directory host, the sign-in form when there is no live session.
 */
export async function requireStudio(): Promise<{ host: string }> {
  const { tenant, host } = await currentRequest();
  if (tenant.kind !== "directory") notFound();
  if (!(await studioAccess(await headers())).ok) redirect("/studio/sign-in");
  return { host };
}

/**
 * What each editing route of the studio (/studio/{dealer}, /studio/drafts/{name},
 * /studio/templates/{name}) answers: as requireStudio, then a 404 for an unknown name, else the
 * editor on the page named by `?route=`.
 */
export async function studioRoute(kind: StudioKind, name: string, searchParams: SearchParams): Promise<ReactNode> {
  const { host } = await requireStudio();
  const route = searchParams.route;
  const page = await StudioPage({ kind, name, host, route: typeof route === "string" ? route : undefined });
  if (!page) notFound();
  return page;
}
