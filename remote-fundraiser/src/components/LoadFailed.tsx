import { errorMessage, Link, useT } from '@fu/shared';

/** A page whose data did not load: why, and the way back to the start (no dead end). */
export function LoadFailed({ error }: { error: unknown }) {
  const t = useT();
  return (
    <>
      <p role="alert">{t(errorMessage(error))}</p>
      <p>
        <Link className="link-target" to="/">
          {t('fundraiser.common.startPageLink')}
        </Link>
      </p>
    </>
  );
}
