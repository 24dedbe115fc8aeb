import { renderNotFound } from "@/runtime/render/not-found-page";

export default function NotFound() {
  return renderNotFound();
}
