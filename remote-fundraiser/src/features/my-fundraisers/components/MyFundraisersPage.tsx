import {
  Button,
  PageHeading,
  Spinner,
  useAsync,
  Link,
  useParams,
  type DeviceInfo,
  type MyFundraiser,
  useT,
} from '@fu/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { RemindersRow, remindersApi, useConfirmationLink } from '../../reminders';
import { myFundraisersApi } from '../api/myFundraisersApi';
import styles from './myFundraisers.module.css';

/**
 * Anyone can make a page with any phone number, so the other pages of the phone are listed only to
 * a browser that confirmed the phone (docs/security.md). Until then, this offers the texted link.
 */
function ConfirmToSeeAll({ guid }: { guid: string }) {
  const t = useT();
  const link = useConfirmationLink(guid);
  return (
    <div className={styles.note}>
      <p>{t('fundraiser.myFundraisers.confirmToSeeAll')}</p>
      <Button variant="secondary" disabled={link.sending} onClick={() => void link.send()}>
        {t('fundraiser.myFundraisers.sendLink')}
      </Button>
      {link.message && <p role="status">{t(link.message)}</p>}
      {link.error && (
        <p role="alert" className={styles.error}>
          {t(link.error)}
        </p>
      )}
    </div>
  );
}

function Pages({ pages, info }: { pages: MyFundraiser[]; info: DeviceInfo }) {
  const t = useT();
  return (
    <>
      <ul className={styles.list}>
        {pages.map((page) => (
          <li key={page.guid}>
            <Link className={styles.link} to={`/Fundraiser/${page.guid}`}>
              <strong>{page.fundraiserName}</strong>
              <span>
                {page.teamName} · {page.schoolName}
                {!page.isActive && ` · ${t('fundraiser.myFundraisers.ended')}`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {!info.phoneConfirmedHere && <ConfirmToSeeAll guid={info.guid} />}
      {/* Not confirmed here: the note above already offers the one texted link. */}
      <RemindersRow
        guid={info.guid}
        phone={info.phone}
        initial={info.isOptedIn}
        phoneConfirmed={info.phoneConfirmed}
        offerResend={info.phoneConfirmedHere}
      />
    </>
  );
}

/** /Fundraisers/{fdid}: the fundraiser pages of the student's phone this browser may see, and their reminders switch. */
export function MyFundraisersPage() {
  const t = useT();
  const fdid = useParams().fdid ?? '';
  const state = useAsync(() => Promise.all([myFundraisersApi.list(fdid), remindersApi.deviceInfo(fdid)]), [fdid]);
  return (
    <main className="page">
      <PageHeading title={t('fundraiser.myFundraisers.title')}>{t('fundraiser.myFundraisers.title')}</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <LoadFailed error={state.error} />}
      {state.status === 'success' && <Pages pages={state.data[0]} info={state.data[1]} />}
    </main>
  );
}
