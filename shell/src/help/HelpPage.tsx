import { Link, PageHeading } from '@fu/shared';
import { supportContacts as support } from './supportContacts';
import styles from './help.module.css';

export function HelpPage() {
  return (
    <main className="page">
      <PageHeading title="Help & Support">How Can We Help</PageHeading>
      <p>Send us a message and we will reply within {support.replyWithinHours} hours.</p>
      <p>
        Registering a student or a team?{' '}
        <a href={support.registrationGuideUrl} target="_blank" rel="noopener noreferrer">
          Read the registration guide
        </a>
        .
      </p>
      <p>
        Need a receipt again? <Link to="/Receipts">Find your receipt</Link> with the order number and the e-mail you
        used.
      </p>
      <details className={styles.details}>
        <summary>Other help</summary>
        <p>
          Call support: <a href={support.phoneHref}>{support.phoneDisplay}</a>
        </p>
        <p>
          E-mail support: <a href={`mailto:${support.email}`}>{support.email}</a>
        </p>
      </details>
      <p>
        Want to run a fundraiser or own a franchise?{' '}
        <a href={support.franchiseUrl} target="_blank" rel="noopener noreferrer">
          Fundraising and franchise opportunities
        </a>
      </p>
    </main>
  );
}
