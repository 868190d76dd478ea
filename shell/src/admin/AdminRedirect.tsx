import { useEffect, useState } from 'react';
import { NotFound, PageHeading, Spinner, useLocation, useT } from '@fu/shared';
import { startFederation } from '../federation/remotes';
import { adminTargetPath, adminUrl } from './adminTargets';

/** Sends staff to the external admin app, at the base URL the server's runtime config names. */
export function AdminRedirect() {
  const { pathname } = useLocation();
  const target = adminTargetPath(pathname);
  const [failed, setFailed] = useState(false);
  const t = useT();

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
        <PageHeading title={t('shell.admin.title')}>{t('shell.admin.title')}</PageHeading>
        <p role="alert">{t('shell.admin.unavailable')}</p>
      </main>
    );
  }
  return <Spinner label={t('shell.admin.opening')} />;
}
