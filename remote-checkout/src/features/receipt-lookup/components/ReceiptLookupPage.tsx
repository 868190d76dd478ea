import { useEffect, useRef, useState } from 'react';
import {
  Button,
  ErrorSummary,
  errorBody,
  errorMessage,
  FormField,
  PageHeading,
  useNavigate,
  useT,
  type ApiError,
  type FieldError,
} from '@fu/shared';
import { receiptLookupApi } from '../api/receiptLookupApi';
import { EMAIL_FIELD, ORDER_ID_FIELD, parseOrderId, validateLookup } from '../validation';
import styles from './receiptLookup.module.css';

/** The in-app path of a receipt link ('https://site/Receipt/7?key=…' → '/Receipt/7?key=…'). */
const pathOf = (url: string) => {
  const parsed = new URL(url, window.location.href);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * /Receipts: a supporter finds a past receipt with the order number and the e-mail used. Problems
 * go to the error summary, which takes focus (GOV.UK pattern); a found receipt opens at once.
 */
export function ReceiptLookupPage() {
  const t = useT();
  const navigate = useNavigate();
  const [orderId, setOrderId] = useState('');
  const [email, setEmail] = useState('');
  /** Problems with what was typed, shown at the fields and in the summary. */
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  /** The server's answer when no receipt was found (or it could not be asked): summary only. */
  const [lookupError, setLookupError] = useState<FieldError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Focus moves once the summary is on screen. An effect, not requestAnimationFrame: after an
  // awaited call React renders in a later task, which a frame callback can run before.
  const [summaryFocus, setSummaryFocus] = useState(0);
  const focusSummary = () => setSummaryFocus((count) => count + 1);
  useEffect(() => {
    if (summaryFocus) summaryRef.current?.focus();
  }, [summaryFocus]);

  async function submit() {
    const found = validateLookup(orderId, email);
    setFieldErrors(found);
    setLookupError(null);
    if (found.length) return focusSummary();
    setSubmitting(true);
    try {
      const receiptUrl = await receiptLookupApi.lookup({ orderId: parseOrderId(orderId)!, email: email.trim() });
      navigate(pathOf(receiptUrl));
    } catch (error) {
      const fields = errorBody<ApiError>(error)?.errors ?? [];
      const emailProblem = fields.find((problem) => problem.field === 'email');
      if (emailProblem) setFieldErrors([{ field: EMAIL_FIELD, message: emailProblem.message }]);
      else setLookupError({ field: ORDER_ID_FIELD, message: errorMessage(error) });
      setSubmitting(false);
      focusSummary();
    }
  }

  const errorAt = (field: string) => fieldErrors.find((error) => error.field === field)?.message;
  return (
    <main className="page">
      <PageHeading title={t('checkout.lookup.heading')}>{t('checkout.lookup.heading')}</PageHeading>
      <p>{t('checkout.lookup.intro')}</p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ErrorSummary ref={summaryRef} errors={lookupError ? [lookupError] : fieldErrors} />
        <FormField
          id={ORDER_ID_FIELD}
          label={t('checkout.lookup.orderId')}
          hint={t('checkout.lookup.orderIdHint')}
          error={errorAt(ORDER_ID_FIELD)}
        >
          <input
            name="orderId"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={orderId}
            onChange={(event) => setOrderId(event.target.value)}
          />
        </FormField>
        <FormField id={EMAIL_FIELD} label={t('checkout.lookup.email')} error={errorAt(EMAIL_FIELD)}>
          <input
            name="email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <Button type="submit" className={styles.submit} disabled={submitting}>
          {t('checkout.lookup.submit')}
        </Button>
      </form>
    </main>
  );
}
