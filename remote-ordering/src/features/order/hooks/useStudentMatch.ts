import { useCallback, useRef, useState } from 'react';
import { studentNameKey, studentNameProblems, type MatchStudentAnswer } from '@fu/shared';
import { orderApi } from '../api/orderApi';
import { useOrderStore } from '../store/orderStore';

/** The answer for one typed name, kept with that name's key (its case, accents and spaces aside). */
export interface CheckedStudentName {
  key: string;
  answer: MatchStudentAnswer;
}

/** One key for a first and last name: two spellings the server would match alike share it. */
export const typedNameKey = (firstName: string, lastName: string) =>
  `${studentNameKey(firstName)}\n${studentNameKey(lastName)}`;

/**
 * Issue 31: asks the server whether the student name typed on the team's order page is one student's
 * of the team (MatchStudent), once per name, when the supporter leaves a name field with both names
 * filled in. Each check spends the browser's share of a per-client budget, so a name already asked
 * about is not asked again, and a failed check (the budget spent, the network) shows nothing: the
 * checkout says whom the order supports either way.
 */
export function useStudentMatch(fundraiserId: number, enabled: boolean) {
  const [checked, setChecked] = useState<CheckedStudentName>();
  const asked = useRef<string | undefined>(undefined);

  const check = useCallback(() => {
    if (!enabled) return;
    const { studentFirstName, studentLastName } = useOrderStore.getState();
    if (studentNameProblems(studentFirstName, studentLastName).length) return;
    const key = typedNameKey(studentFirstName, studentLastName);
    if (key === asked.current) return;
    asked.current = key;
    orderApi.matchStudent(fundraiserId, studentFirstName.trim(), studentLastName.trim()).then(
      (answer) => {
        if (asked.current === key) setChecked({ key, answer });
      },
      () => {
        if (asked.current !== key) return;
        asked.current = undefined;
        setChecked(undefined);
      },
    );
  }, [fundraiserId, enabled]);

  return { checked, check };
}
