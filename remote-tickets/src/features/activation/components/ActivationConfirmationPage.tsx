import { formatPhone, PageHeading, Link, useParams, useT } from '@fu/shared';

/** /ActivateTicket/{guid}/Confirmation/{phoneNumber}: the registered phone will receive a link. */
export function ActivationConfirmationPage() {
  const { guid = '', phoneNumber } = useParams();
  const t = useT();
  return (
    <main className="page">
      <PageHeading title={t('tickets.confirmation.heading')}>{t('tickets.confirmation.heading')}</PageHeading>
      <p role="status">
        {phoneNumber
          ? t('tickets.confirmation.textedTo', { phone: formatPhone(phoneNumber) })
          : t('tickets.confirmation.textedRegistered')}
      </p>
      <p>{t('tickets.confirmation.once')}</p>
      <p>
        <Link className="link-target" to={`/ActivateTicket/${guid}`}>
          {t('tickets.confirmation.again')}
        </Link>
      </p>
    </main>
  );
}
