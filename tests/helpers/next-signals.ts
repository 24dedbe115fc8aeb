import { notFound } from "next/navigation";

/**
 * Whether an error is the signal Next's `notFound()` throws. Compared with what the public
 * `notFound()` itself throws, so tests depend on no module path or message text inside Next.
 */
export function isNotFoundSignal(error: unknown): boolean {
  let signal: unknown;
  try {
    notFound();
  } catch (e) {
    signal = e;
  }
  return error instanceof Error && signal instanceof Error && error.constructor === signal.constructor && error.message === signal.message;
}
