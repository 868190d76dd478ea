import { useEffect, useState } from 'react';
import { NotFound, PageHeading, Spinner, useLocation } from '@fu/shared';
import { startFederation } from '../federation/remotes';
import { adminTargetPath, adminUrl } from './adminTargets';

/** Sends staff to the external admin app, at the base URL the server's runtime config names. */
export function AdminRedirect() {
  const { pathname } = useLocation();
  const target = adminTargetPath(pathname);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!target) return;
    startFederation().then(
      (config) => {
        if (config.adminBaseUrl) window.location.replace(adminUrl(config.adminBaseUrl, target));
        else setFailed(true);
      },
      () => setFailed(true),
    );
  }, [target]);

  if (!target) return <NotFound />;
  if (failed) {
    return (
      <main className="page">
        <PageHeading title="Admin">Admin</PageHeading>
        <p role="alert">We could not find the admin site right now. Please try again in a moment.</p>
      </main>
    );
  }
  return <Spinner label="Opening the admin site…" />;
}
