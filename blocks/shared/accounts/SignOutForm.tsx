/** Sign out: a plain form post (it works before JavaScript), the session cookie cleared by the route. */
export function SignOutForm() {
  return (
    <form method="post" action="/api/account/sign-out">
      <button type="submit" className="button button--outline">
        Sign out
      </button>
    </form>
  );
}
