import { useEffect, useRef, useState } from 'react';
import { Button, errorMessage, formatPhone, Link, useSearchParams, useT } from '@fu/shared';
import { deletePageApi } from '../api/deletePageApi';
import styles from './deletePage.module.css';

export interface DeletePageCardProps {
  guid: string;
  phone: string;
  /** Called with the server's sentence once the page is deleted: the page shows only that from then on. */
  onDeleted: (message: string) => void;
}

/**
 * "Delete this page" (issue 34, docs/privacy.md): the page's holder asks for a link texted to the
 * page's phone, so the phone's owner agrees; the link (/Fundraiser/{guid}?delete={code}) opens this
 * card asking to delete for good, and only a tap deletes it. Never on load: SMS apps open links to
 * draw previews, and that must not delete anything.
 */
export function DeletePageCard({ guid, phone, onDeleted }: DeletePageCardProps) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('delete') ?? '';
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the texted link: the card is what the person came for.
  useEffect(() => {
    if (code) heading.current?.scrollIntoView?.({ block: 'center' });
  }, [code]);

  async function requestLink() {
    setBusy(true);
    setFailure('');
    try {
      setMessage((await deletePageApi.requestLink(guid)).message);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function deletePage() {
    setBusy(true);
    setFailure('');
    try {
      onDeleted((await deletePageApi.deletePage(guid, code)).message);
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <section className={`fp-card ${styles.card}`} aria-labelledby="delete-page-heading">
      <h2 id="delete-page-heading" ref={heading} tabIndex={-1}>
        {t('fundraiser.deletePage.heading')}
      </h2>
      {code ? (
        <>
          <p>{t('fundraiser.deletePage.confirmBody')}</p>
          <div className={styles.actions}>
            <Button className={styles.danger} disabled={busy} onClick={() => void deletePage()}>
              {t('fundraiser.deletePage.delete')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>{t('fundraiser.deletePage.requestBody', { phone: formatPhone(phone) })}</p>
          <div className={styles.actions}>
            <Button variant="secondary" disabled={busy} onClick={() => void requestLink()}>
              {t('fundraiser.deletePage.sendLink')}
            </Button>
          </div>
          {message && <p role="status">{t(message)}</p>}
        </>
      )}
      {failure && (
        <p role="alert" className={styles.error}>
          {t(failure)}
        </p>
      )}
    </section>
  );
}

/** What the page shows once it is deleted: the server's sentence, and the way to the start page. */
export function PageDeleted({ message }: { message: string }) {
  const t = useT();
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <>
      <p role="status" ref={notice} tabIndex={-1} data-testid="page-deleted">
        {t(message)}
      </p>
      <p>
        <Link className="link-target" to="/">
          {t('fundraiser.common.startPageLink')}
        </Link>
      </p>
    </>
  );
}
