import { host, proto, version } from "next/root-params";
import { blockRegistry } from "@/blocks";
import { renderCachedNotFound } from "@/runtime/render/cached-page";

// The dealer's themed 404 for cached pages (a car of another dealer, or sold and past its window).
// not-found.tsx gets no params: the root params give the host.
export default async function CachedNotFound() {
  return renderCachedNotFound(blockRegistry, { proto: await proto(), host: await host(), version: await version() });
}
