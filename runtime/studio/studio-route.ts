import "server-only";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { currentRequest } from "../request";
import { mayEdit, studioAccess, type StudioAccessOk } from "./sign-in";
import { StudioPage } from "./studio-page";
import { FeedScreen } from "./feed-screen";
import { dealerFeedTarget, draftFeedTarget } from "./feed-target";
import type { StudioKind } from "./targets";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Every studio page's own check of the session (the proxy only saw a cookie of the right shape):
 * a 404 off the directory host, the sign-in form when there is no live session; else who is
 * signed in, for the page to ask what they may edit (`mayEdit`).
 */
export async function requireStudio(): Promise<{ host: string; access: StudioAccessOk }> {
  const { tenant, host } = await currentRequest();
  if (tenant.kind !== "directory") notFound();
  const access = await studioAccess(await headers());
  if (!access.ok) redirect("/studio/sign-in");
  return { host, access };
}

/**
 * What each editing route of the studio (/studio/{dealer}, /studio/drafts/{name},
 * /studio/templates/{name}) answers: as requireStudio, then a 404 for an unknown name or one the
 * staff account may not edit (the studio's not-found page says both), else the editor on the
 * page named by `?route=` (`?panel=theme` opens the theme's form; `?theme=` and `?attempt=` say what
 * its last plain-form post did; `?live=new` that the dealer was just put live from its draft).
 */
export async function studioRoute(kind: StudioKind, name: string, searchParams: SearchParams): Promise<ReactNode> {
  const { access, host } = await requireStudio();
  if (!mayEdit(access, kind, name)) notFound();
  const { route, problem, upload, panel, theme, attempt, live } = searchParams;
  const page = await StudioPage({
    kind,
    name,
    route: typeof route === "string" ? route : undefined,
    problem: kind === "draft" && typeof problem === "string" ? problem.slice(0, 600) : undefined,
    uploadNote: kind !== "template" && typeof upload === "string" ? upload.slice(0, 500) : undefined,
    panel: typeof panel === "string" ? panel : undefined,
    themeNote: typeof theme === "string" ? theme.slice(0, 600) : undefined,
    themeAttempt: typeof attempt === "string" ? attempt.slice(0, 4000) : undefined,
    wentLiveFrom: kind === "dealer" && live === "new" ? host : undefined,
  });
  if (!page) notFound();
  return page;
}

/** What the last form post said happened (feed-actions.ts backToScreen), kept short. */
const feedNote = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v.slice(0, 400) : undefined);

/**
 * What a stock feed screen (/studio/{dealer}/feed, /studio/drafts/{name}/feed) answers: as
 * requireStudio, then a 404 for an unknown dealer or draft or one the staff account may not edit,
 * else the screen with what its last post said.
 */
export async function feedScreenRoute(kind: "dealer" | "draft", name: string, searchParams: SearchParams): Promise<ReactNode> {
  const { access } = await requireStudio();
  if (!mayEdit(access, kind, name)) notFound();
  const target = kind === "dealer" ? dealerFeedTarget(name) : await draftFeedTarget(name);
  if (!target) notFound();
  return FeedScreen({ target, problem: feedNote(searchParams.problem), notice: feedNote(searchParams.notice) });
}
