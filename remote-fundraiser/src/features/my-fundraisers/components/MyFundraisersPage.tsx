import { errorMessage, PageHeading, Spinner, useAsync, Link, useParams } from '@fu/shared';
import { RemindersRow, remindersApi } from '../../reminders';
import { myFundraisersApi } from '../api/myFundraisersApi';
import styles from './myFundraisers.module.css';

/** /Fundraisers/{fdid}: every fundraiser page of the student's phone, and their reminders switch. */
export function MyFundraisersPage() {
  const fdid = useParams().fdid ?? '';
  const state = useAsync(() => Promise.all([myFundraisersApi.list(fdid), remindersApi.deviceInfo(fdid)]), [fdid]);
  return (
    <main className="page">
      <PageHeading title="My Fundraisers">My Fundraisers</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{errorMessage(state.error)}</p>}
      {state.status === 'success' && (
        <>
          <ul className={styles.list}>
            {state.data[0].map((page) => (
              <li key={page.guid}>
                <Link className={styles.link} to={`/Fundraiser/${page.guid}`}>
                  <strong>{page.fundraiserName}</strong>
                  <span>
                    {page.teamName} · {page.schoolName}
                    {!page.isActive && ' · ended'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <RemindersRow phone={state.data[1].phone} initial={state.data[1].isOptedIn} />
        </>
      )}
    </main>
  );
}
