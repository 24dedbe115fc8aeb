import { studioApiRoute } from "@/runtime/studio/http";
import { studioDraftUpload } from "@/runtime/studio/upload-http";

// A draft's logo or favicon picture (?use=favicon), as a live dealer's: the bytes are the body, read (with its 1 MB cap) by the handler.
export const POST = studioApiRoute<undefined, { name: string }>({
  name: "studio.draft.upload",
  edits: (p) => ({ kind: "draft", name: p.name }),
  handle: ({ params, request }) => studioDraftUpload(params.name, request),
});
