import { useMemo } from 'react';
import { ErrorSummary, ServedForm, useT, type FundraiserOrder } from '@fu/shared';
import { StartPageLink } from './StartPageLink';
import { useLoadOrder } from '../hooks/useLoadOrder';
import { useOrderSubmit } from '../hooks/useOrderSubmit';
import { useStoreAlert } from '../hooks/useStoreAlert';
import { creditsTypedName, linkedStudentName, saleStudentName, visibleItems, type OrderFormMode } from '../orderMode';
import { DonationTiers } from './DonationTiers';
import { ItemList } from './ItemList';
import { OrderTotal } from './OrderTotal';
import { RecordingSale } from './RecordingSale';
import { StudentSection } from './StudentSection';
import { TeamHeader } from './TeamHeader';
import { TeamProgress } from './TeamProgress';
import { TeamVideo } from './TeamVideo';
import styles from './order.module.css';

/**
 * The order page's form: its sections, each reading from the store only what it shows, so a
 * keystroke or a click re-renders that section alone; loading and submit live in hooks.
 */
export function OrderForm({ order, mode }: { order: FundraiserOrder; mode: OrderFormMode }) {
  const t = useT();
  const items = useMemo(() => visibleItems(order, mode), [order, mode]);
  const { errors, submitting, summaryRef, onSubmit } = useOrderSubmit(order, items, mode);
  useLoadOrder(order);
  useStoreAlert();

  if (!order.isActive) {
    // Spec §8: an inactive fundraiser's message, with the team's message video.
    return (
      <main>
        <TeamHeader team={order} />
        <div className="page">
          <p className={styles.inactive}>{t('ordering.inactive.message')}</p>
          <TeamVideo url={order.videoUrl} title={t('ordering.inactive.videoTitle', { teamName: order.teamName })} />
          <StartPageLink />
        </div>
      </main>
    );
  }

  const fieldError = (field: string) => errors.find((error) => error.field === field)?.message;
  const recordingFor = saleStudentName(order, mode);

  return (
    <main>
      <TeamHeader team={order} />
      <TeamProgress fundraiserId={order.fundraiserId} />
      <form className="page" noValidate onSubmit={onSubmit}>
        <ServedForm>
          {recordingFor !== undefined && <RecordingSale studentName={recordingFor} />}
          <TeamVideo url={order.videoUrl} title={t('ordering.order.videoTitle', { teamName: order.teamName })} />
          <ErrorSummary ref={summaryRef} errors={errors} />
          <StudentSection
            fundraiserId={order.fundraiserId}
            creditByName={creditsTypedName(order, mode)}
            linkedStudent={linkedStudentName(order, mode)}
            firstNameError={fieldError('studentFirstName')}
            lastNameError={fieldError('studentLastName')}
          />
          {mode.itemId <= 0 && <DonationTiers error={fieldError('customDonation') ?? fieldError('donation')} />}
          <ItemList items={items} fundraiserId={order.fundraiserId} error={fieldError('items')} />
          <OrderTotal items={items} hasShipping={order.hasShipping} submitting={submitting} />
        </ServedForm>
      </form>
    </main>
  );
}
