import { useEffect, useRef, useState } from 'react';
import { Button, errorMessage, formatPhone, Link, useSearchParams } from '@fu/shared';
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
        Delete this page
      </h2>
      {code ? (
        <>
          <p>
            Delete this page for good? Your name, your phone number and your page&apos;s links are erased and cannot be
            brought back. Money your supporters gave still counts for your team.
          </p>
          <div className={styles.actions}>
            <Button className={styles.danger} disabled={busy} onClick={() => void deletePage()}>
              Delete this page
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>
            Want to leave? Deleting this page erases your name, your phone number and your page&apos;s links for good.
            Money your supporters gave still counts for your team. We text a link to {formatPhone(phone)} to make sure
            it is you.
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" disabled={busy} onClick={() => void requestLink()}>
              Text me a delete link
            </Button>
          </div>
          {message && <p role="status">{message}</p>}
        </>
      )}
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
    </section>
  );
}

/** What the page shows once it is deleted: the server's sentence, and the way to the start page. */
export function PageDeleted({ message }: { message: string }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <>
      <p role="status" ref={notice} tabIndex={-1} data-testid="page-deleted">
        {message}
      </p>
      <p>
        <Link className="link-target" to="/">
          Go to the start page
        </Link>
      </p>
    </>
  );
}
