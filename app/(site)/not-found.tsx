import { blockRegistry } from "@/blocks";
import { renderNotFound } from "@/runtime/render/not-found-page";

export default function NotFound() {
  return renderNotFound(blockRegistry);
}
