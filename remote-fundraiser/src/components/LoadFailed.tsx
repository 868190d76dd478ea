import { errorMessage, Link } from '@fu/shared';

/** A page whose data did not load: why, and the way back to the start (no dead end). */
export function LoadFailed({ error }: { error: unknown }) {
  return (
    <>
      <p role="alert">{errorMessage(error)}</p>
      <p>
        <Link className="link-target" to="/">
          Go to the start page
        </Link>
      </p>
    </>
  );
}
