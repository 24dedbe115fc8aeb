import type { Gate } from "./gate";
import { internalPaths } from "./internal-paths";
import { unknownHost } from "./unknown-host";
import { redirectHost } from "./redirect-host";
import { tlsAsk } from "./tls-ask";
import { draftProblems } from "./draft-problems";
import { unavailable } from "./unavailable";
import { directoryPreview } from "./directory-preview";
import { studio } from "./studio";
import { directoryOnly } from "./directory-only";
import { studioWorkingCopy } from "./studio-working-copy";
import { previewNoindex } from "./preview-noindex";
import { dealerPage } from "./dealer-page";

/**
 * The proxy's gates in the order they run; the first that decides wins (run.ts). The order is
 * part of the rules:
 * - internal paths first, so they are 404 on every host, even one that picks no dealer;
 * - a dealer's redirect host (its bare domain, say) sends every other path to its first host;
 * - the front proxy's certificate check on a loopback host, before the directory's own 404s;
 * - then the tenant: an unknown host is 404 before anything looks at a dealer, a draft with
 *   errors lists them before a broken dealer is 503;
 * - the directory host's own paths (preview redirect, studio) before its catch-all 404;
 * - the studio's working copy before the general draft preview (both are previews; the working
 *   copy also needs its frame ancestor);
 * - a dealer's live pages last.
 * A directory request that no gate decides (its list, the block catalogue, /api/revalidate) goes
 * through unchanged.
 */
export const GATES: readonly Gate[] = [
  internalPaths,
  redirectHost,
  tlsAsk,
  unknownHost,
  draftProblems,
  unavailable,
  directoryPreview,
  studio,
  directoryOnly,
  studioWorkingCopy,
  previewNoindex,
  dealerPage,
];
