import { memo } from 'react';
import { FormField, STUDENT_CREDIT_MESSAGES, STUDENT_QUESTION, tidyPersonName, useT } from '@fu/shared';
import { typedNameKey, useStudentMatch, type CheckedStudentName } from '../hooks/useStudentMatch';
import { useOrderStore } from '../store/orderStore';
import styles from './order.module.css';

type NameField = 'studentFirstName' | 'studentLastName';

/** One name field; a keystroke in it re-renders it alone. */
function StudentName({
  field,
  label,
  error,
  onBlur,
}: {
  field: NameField;
  label: string;
  error?: string;
  onBlur?: () => void;
}) {
  const value = useOrderStore((state) => state[field]);
  return (
    <FormField id={field} label={label} error={error}>
      <input
        autoComplete="off"
        value={value}
        onChange={(event) => useOrderStore.getState().setName(field, event.target.value)}
        onBlur={onBlur}
      />
    </FormField>
  );
}

/**
 * Whom the order will count for, for the name as it is typed now (issue 31): "Supporting Jordan R."
 * when it is one student's of the team, else plainly that it counts for the team and that the coach
 * sees the name typed (as it will be kept). Nothing while the name has not been checked, or has
 * changed since; a keystroke that leaves the words as they are renders nothing. A live region, so a
 * screen reader hears the answer when it comes.
 */
function StudentMatchStatus({ checked }: { checked?: CheckedStudentName }) {
  const t = useT();
  const message = useOrderStore((state) => {
    if (!checked || typedNameKey(state.studentFirstName, state.studentLastName) !== checked.key) return '';
    if (checked.answer.match === 'one') return STUDENT_CREDIT_MESSAGES.supporting(checked.answer.displayName, t);
    const typed = `${tidyPersonName(state.studentFirstName, 'given')} ${tidyPersonName(state.studentLastName, 'family')}`;
    return STUDENT_CREDIT_MESSAGES.countsForTeam(typed, t);
  });
  return (
    <p role="status" className={styles.studentMatch} data-testid="student-match">
      {message}
    </p>
  );
}

/**
 * Spec §5: which student the order is for. On the team's order page (`creditByName`) the name is
 * checked against the team's students when the supporter leaves a name field, and the answer shows
 * under the fields. A student's link in privacy mode (`linkedStudent`, issue 34) shows whom the order
 * supports by first name, and no name fields.
 */
export const StudentSection = memo(function StudentSection({
  fundraiserId,
  creditByName,
  linkedStudent,
  firstNameError,
  lastNameError,
}: {
  fundraiserId: number;
  creditByName: boolean;
  linkedStudent?: string;
  firstNameError?: string;
  lastNameError?: string;
}) {
  const t = useT();
  const { checked, check } = useStudentMatch(fundraiserId, creditByName);
  if (linkedStudent !== undefined) {
    return (
      <section aria-labelledby="student-heading" className={styles.section}>
        <h2 id="student-heading">{t(STUDENT_QUESTION)}</h2>
        <p className={styles.studentMatch} data-testid="linked-student">
          {STUDENT_CREDIT_MESSAGES.supporting(linkedStudent, t)}
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="student-heading" className={styles.section}>
      <h2 id="student-heading">{t(STUDENT_QUESTION)}</h2>
      <StudentName
        field="studentFirstName"
        label={t('ordering.student.firstName')}
        error={firstNameError}
        onBlur={check}
      />
      <StudentName
        field="studentLastName"
        label={t('ordering.student.lastName')}
        error={lastNameError}
        onBlur={check}
      />
      {creditByName && <StudentMatchStatus checked={checked} />}
    </section>
  );
});
