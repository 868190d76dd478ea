import { Route, Routes, useParams } from 'react-router-dom';
import { errorMessage, fundraiserLookups, NotFound, PageHeading, Spinner, useAsync } from '@fu/shared';
import { parseRouteItemId } from '../../selection';
import { TeamHeader } from './TeamHeader';
import { TeamVideo } from './TeamVideo';
import styles from './order.module.css';

/** Spec §8: the message an inactive fundraiser shows, with the team's message video. */
export const INACTIVE_MESSAGE = 'This fundraiser is no longer active. Thank you for your support.';

function FundraiserOrderPage() {
  const params = useParams();
  const fundraiserId = parseRouteItemId(params.fundraiserId);
  const details = useAsync(() => fundraiserLookups.getFundraiserDetails(fundraiserId), [fundraiserId]);
  if (details.status === 'loading') return <Spinner />;
  if (details.status === 'error') {
    return (
      <main className="page">
        <PageHeading title="Order">Order</PageHeading>
        <p role="alert">{errorMessage(details.error)}</p>
      </main>
    );
  }
  const order = details.data;
  return (
    <main>
      <TeamHeader team={order} />
      <div className="page">
        {order.isActive ? (
          <p>
            Support {order.teamName} at {order.schoolName}.
          </p>
        ) : (
          <>
            <p className={styles.inactive}>{INACTIVE_MESSAGE}</p>
            <TeamVideo url={order.videoUrl} title={`${order.teamName} message`} />
          </>
        )}
      </div>
    </main>
  );
}

/** Order routes of spec §2; the other entry points share this page as their features arrive. */
export function OrderPage() {
  return (
    <Routes>
      <Route path=":fundraiserId/:itemId/:phone" element={<FundraiserOrderPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
