import { studioApiRoute } from "@/runtime/studio/http";
import { studioUpload } from "@/runtime/studio/upload-http";

// The picture's bytes are the body, read (with its 1 MB cap) by the handler; ?use=favicon for a favicon, else a logo.
export const POST = studioApiRoute<undefined, { dealer: string }>({
  name: "studio.dealer.upload",
  edits: (p) => ({ kind: "dealer", name: p.dealer }),
  handle: ({ params, request }) => studioUpload(params.dealer, request),
});
