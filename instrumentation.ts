// Runs once when the production server starts: the lead outbox worker resumes any deliveries
// left pending (for example after a crash), so a lead is delayed by a restart, never lost.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") (await import("./runtime/leads/outbox")).startOutboxWorker();
}
