import { Link } from "@/runtime/ui/link";

// What the studio answers for a dealer, draft or template that does not exist or that the signed-in staff account may not edit.
export default function StudioNotFound() {
  return (
    <main id="main" className="studio-index">
      <h1>Not in your studio</h1>
      <p>
        There is no such dealer, draft or template, or your staff account may not edit it. Editors edit only the dealers named on their account; templates and
        staff are for platform admins. Ask a platform admin if you need access.
      </p>
      <p>
        <Link href="/studio">Back to the studio</Link>
      </p>
    </main>
  );
}
