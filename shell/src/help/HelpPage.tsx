import { Link, PageHeading, T, useT } from '@fu/shared';
import { supportContacts as support } from './supportContacts';
import styles from './help.module.css';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function HelpPage() {
  const t = useT();
  return (
    <main className="page">
      <PageHeading title={t('shell.help.title')}>{t('shell.help.heading')}</PageHeading>
      <p>{t('shell.help.reply', { hours: support.replyWithinHours })}</p>
      <p>
        <T id="shell.help.registration" components={{ link: <a href={support.registrationGuideUrl} {...newTab} /> }} />
      </p>
      <p>
        <T id="shell.help.receipt" components={{ link: <Link to="/Receipts" /> }} />
      </p>
      <details className={styles.details}>
        <summary>{t('shell.help.other')}</summary>
        <p>
          <T
            id="shell.help.call"
            components={{ link: <a href={support.phoneHref} /> }}
            values={{ phone: support.phoneDisplay }}
          />
        </p>
        <p>
          <T
            id="shell.help.email"
            components={{ link: <a href={`mailto:${support.email}`} /> }}
            values={{ email: support.email }}
          />
        </p>
      </details>
      <p>
        <T id="shell.help.franchise" components={{ link: <a href={support.franchiseUrl} {...newTab} /> }} />
      </p>
    </main>
  );
}
