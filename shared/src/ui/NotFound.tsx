import { Link } from '../router';
import { useT } from '../i18n/react';
import { PageHeading } from './PageHeading';

export function NotFound() {
  const t = useT();
  return (
    <main className="page">
      <PageHeading title={t('shared.notFound.title')}>{t('shared.notFound.title')}</PageHeading>
      <p>{t('shared.notFound.body')}</p>
      <p>
        <Link to="/" className="link-target">
          {t('shared.notFound.link')}
        </Link>
      </p>
    </main>
  );
}
