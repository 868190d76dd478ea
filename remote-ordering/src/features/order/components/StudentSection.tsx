import { memo } from 'react';
import { FormField, STUDENT_QUESTION } from '@fu/shared';
import { useOrderStore } from '../store/orderStore';
import styles from './order.module.css';

type NameField = 'studentFirstName' | 'studentLastName';

/** One name field; a keystroke in it re-renders it alone. */
function StudentName({ field, label, error }: { field: NameField; label: string; error?: string }) {
  const value = useOrderStore((state) => state[field]);
  return (
    <FormField id={field} label={label} error={error}>
      <input
        autoComplete="off"
        value={value}
        onChange={(event) => useOrderStore.getState().setName(field, event.target.value)}
      />
    </FormField>
  );
}

/** Spec §5: which student the order is for. */
export const StudentSection = memo(function StudentSection({
  firstNameError,
  lastNameError,
}: {
  firstNameError?: string;
  lastNameError?: string;
}) {
  return (
    <section aria-labelledby="student-heading" className={styles.section}>
      <h2 id="student-heading">{STUDENT_QUESTION}</h2>
      <StudentName field="studentFirstName" label="Student first name" error={firstNameError} />
      <StudentName field="studentLastName" label="Student last name" error={lastNameError} />
    </section>
  );
});
