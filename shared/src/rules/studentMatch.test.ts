import { testT } from '../testing/translator';
import { matchStudent, STUDENT_CREDIT_MESSAGES, studentNameKey } from './studentMatch';

const t = testT();

const jordan = { id: 1, firstName: 'Jordan', lastName: 'Rivera' };
const jose = { id: 2, firstName: 'José', lastName: 'Núñez' };
const alex1 = { id: 3, firstName: 'Alex', lastName: 'Kim' };
const alex2 = { id: 4, firstName: 'alex', lastName: 'KIM ' };
const oneil = { id: 5, firstName: 'Liam', lastName: "O'Neil" };
const team = [jordan, jose, alex1, alex2, oneil];

describe('studentNameKey (two spellings of one name)', () => {
  it.each([
    ['Jordan', 'jordan'],
    ['  JORDAN  ', 'jordan'],
    ['Núñez', 'nunez'],
    ['Jor\u200Bdan', 'jordan'],
    ['Mary  Kate', 'mary kate'],
    ['O\u2019Neil', "o'neil"],
    ['Øster', 'oster'],
    ['Strauß', 'strauss'],
  ])('%s → %s', (name, key) => expect(studentNameKey(name)).toBe(key));
});

describe('matchStudent (a directory order credits one student, never a guess)', () => {
  it('finds the one student of that name, whatever the case, accents and spaces', () => {
    expect(matchStudent({ firstName: 'jordan', lastName: ' rivera ' }, team)).toBe(jordan);
    expect(matchStudent({ firstName: 'JOSE', lastName: 'nunez' }, team)).toBe(jose);
    expect(matchStudent({ firstName: 'Liam', lastName: 'O\u2019Neil' }, team)).toBe(oneil);
  });

  it('finds no one for an unknown name, two students of one name, a half name or a blank', () => {
    expect(matchStudent({ firstName: 'Sam', lastName: 'Nobody' }, team)).toBeUndefined();
    expect(matchStudent({ firstName: 'Alex', lastName: 'Kim' }, team)).toBeUndefined();
    expect(matchStudent({ firstName: 'Jordan', lastName: 'Riviera' }, team)).toBeUndefined();
    expect(matchStudent({ firstName: 'Jordan', lastName: '' }, team)).toBeUndefined();
    expect(matchStudent({ firstName: ' ', lastName: ' ' }, [{ firstName: '', lastName: '' }])).toBeUndefined();
    expect(matchStudent({ firstName: 'Jordan', lastName: 'Rivera' }, [])).toBeUndefined();
  });

  it('matches the first name with the first and the last with the last only', () => {
    expect(matchStudent({ firstName: 'Rivera', lastName: 'Jordan' }, team)).toBeUndefined();
  });
});

describe('STUDENT_CREDIT_MESSAGES', () => {
  it('say whom the order supports, or plainly that it counts for the team and the coach sees the name', () => {
    expect(STUDENT_CREDIT_MESSAGES.supporting('Jordan R.', t)).toBe('Supporting Jordan R.');
    expect(STUDENT_CREDIT_MESSAGES.countsForTeam('Sam Nobody', t)).toBe(
      'We could not match “Sam Nobody” to a single student on this team, so this order will count for the team. ' +
        'The coach will see the name you typed.',
    );
  });
});
