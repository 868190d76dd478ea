import { useState } from 'react';
import {
  firstCalls,
  formatCents,
  FUNDRAISER_ENDED,
  PageHeading,
  Spinner,
  useAsync,
  useServedState,
  type FundraiserDevice,
  Link,
  offersCashCheckOrder,
  studentNameIn,
  studentPageTeamLine,
  useParams,
  useSearchParams,
  useT,
} from '@fu/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { ConfirmPhonePanel, RemindersCard } from '../../reminders';
import { DeletePageCard, PageDeleted } from '../../delete-page';
import { PrivateStudentPage } from '../../parental-consent';
import { deviceApi } from '../api/deviceApi';
import { shareContent } from '../share';
import { NewCashCheckOrderButton } from './NewCashCheckOrderButton';
import { TeamLeaderboard, YourProgress, YourProgressPlaceholder } from './Progress';
import { ShareButton } from './ShareButton';
import { StudentQrCode } from './StudentQrCode';
import styles from './devicePage.module.css';

/** The page's items with their option types, as the spec §6 cash/check rule reads them. */
const itemOptionTypes = (fundraiser: FundraiserDevice['fundraiser']) =>
  fundraiser.fundraiserItems.map(({ item }) => ({
    itemId: item.itemId,
    optionTypeIds: item.itemsOptions.map((option) => option.itemOptionTypeId),
  }));

function DevicePage({ device, qrUrl }: { device: FundraiserDevice; qrUrl: string }) {
  const t = useT();
  const { fundraiser } = device;
  // Progress is extra: each block shows once its data is there, and the page works without it.
  // Your progress, high on the page, keeps its place while it loads so nothing below it jumps.
  const own = useAsync(() => deviceApi.progress(device.guid), [device.guid]);
  const team = useAsync(() => deviceApi.teamProgress(device.guid), [device.guid]);
  const [phoneConfirmed, setPhoneConfirmed] = useState(device.phoneConfirmed);
  const [searchParams, setSearchParams] = useSearchParams();
  // The texted link's code (/Fundraiser/{guid}?confirm={code}). Kept once the URL drops it, so the
  // panel can still say how it went; a new link's code replaces it.
  const linkCode = searchParams.get('confirm') ?? '';
  const [confirmCode, setConfirmCode] = useState(linkCode);
  if (linkCode && linkCode !== confirmCode) setConfirmCode(linkCode);
  // Issue 34: once its holder deleted the page, the page shows only that.
  const [deleted, setDeleted] = useState('');

  function phoneConfirmedNow() {
    setPhoneConfirmed(true);
    // The code is used: off the URL, so a reload or a shared address does not offer it again.
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('confirm');
        return next;
      },
      { replace: true },
    );
  }
  // On the site the QR code's link is on (the page's own, the same on the server's render and here).
  const shareUrl = device.socialGuid ? new URL(`/Order/Social/${device.socialGuid}`, qrUrl).href : qrUrl;
  const share = shareContent(
    { firstName: device.studentFirstName, teamName: fundraiser.teamName, schoolName: fundraiser.schoolName },
    shareUrl,
    t,
  );
  if (deleted) return <PageDeleted message={deleted} />;
  return (
    <>
      <p className="fp-student-name">
        {studentNameIn(fundraiser, device.studentFirstName, device.studentLastName, 'full')}
      </p>
      <p className="fp-student-team">{studentPageTeamLine(fundraiser)}</p>
      {!fundraiser.isActive && <p role="status">{t(FUNDRAISER_ENDED)}</p>}
      {confirmCode && (
        <ConfirmPhonePanel
          key={confirmCode}
          guid={device.guid}
          phone={device.phone}
          code={confirmCode}
          onConfirmed={phoneConfirmedNow}
        />
      )}
      {own.status === 'loading' && <YourProgressPlaceholder />}
      {own.status === 'success' && <YourProgress progress={own.data} />}
      <RemindersCard
        guid={device.guid}
        phone={device.phone}
        initial={device.isOptedIn}
        phoneConfirmed={phoneConfirmed}
        textsStopped={device.textsStopped}
      />
      <div className={styles.actions}>
        <Link className={styles.ordersButton} to={`/FundraiserOrders/${device.guid}`}>
          <span>{t('fundraiser.page.orders')}</span>
          <span data-testid="orders-summary">
            {device.ordersQty} · {formatCents(device.ordersTotal)}
          </span>
        </Link>
        {fundraiser.isActive && offersCashCheckOrder(itemOptionTypes(fundraiser)) && (
          <NewCashCheckOrderButton guid={device.guid} />
        )}
        {fundraiser.ticket && (
          <a className={styles.linkButton} href={`/MyOffers/${fundraiser.ticket.guid}`} target="_blank" rel="noopener">
            {t('fundraiser.page.ticketPreview')}
          </a>
        )}
        <ShareButton guid={device.guid} content={share} />
      </div>
      {team.status === 'success' && (
        <TeamLeaderboard progress={team.data} privacyMode={fundraiser.privacyMode || team.data.privacyMode} />
      )}
      <StudentQrCode url={qrUrl} />
      <p>
        <Link className="link-target" to={`/Fundraisers/${device.guid}`}>
          {t('fundraiser.page.myFundraisersLink')}
        </Link>
      </p>
      <DeletePageCard guid={device.guid} phone={device.phone} onDeleted={setDeleted} />
    </>
  );
}

/**
 * The page and its QR code link. Issue 34 (COPPA): a private page has no QR code (GetQRCode refuses
 * it), so its refusal is the page's only when the page is not private.
 */
async function loadPage(guid: string): Promise<[FundraiserDevice, { url: string } | null]> {
  const [device, qr] = await Promise.allSettled([deviceApi.myFundraiser(guid), deviceApi.qrCode(guid)]);
  if (device.status === 'rejected') throw device.reason;
  if (device.value.privacy.isPrivate) return [device.value, null];
  if (qr.status === 'rejected') throw qr.reason;
  return [device.value, qr.value];
}

/** /Fundraiser/{fundraiserDeviceGuid}: the student's own page (spec §2 Fundraiser device pages). */
export function FundraiserPage() {
  const t = useT();
  const guid = useParams().fundraiserDeviceGuid ?? '';
  // Bumped when the page's privacy changes here (issue 34): the page reads itself again.
  const [reads, setReads] = useState(0);
  const state = useAsync(
    () => loadPage(guid),
    [guid, reads],
    useServedState(firstCalls.myFundraiser(guid), firstCalls.qrCode(guid)),
  );
  const title = state.status === 'success' ? state.data[0].fundraiser.name : t('fundraiser.page.title');
  return (
    <main className="page">
      <PageHeading title={title}>{title}</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <LoadFailed error={state.error} />}
      {state.status === 'success' &&
        (state.data[1] === null ? (
          <PrivateStudentPage device={state.data[0]} onPrivacyChanged={() => setReads((n) => n + 1)} />
        ) : (
          <DevicePage device={state.data[0]} qrUrl={state.data[1].url} />
        ))}
    </main>
  );
}
