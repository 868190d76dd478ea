import { orderStudentNameProblems } from './orderRules';
import { namesStudentsInPublic, studentLastNameIn, studentNameIn } from './studentName';

const PRIVATE = { privacyMode: true };
const OPEN = { privacyMode: false };
const LINK = '66666666-6666-4666-8666-666666666666';

describe('how a student is named in a fundraiser (issue 34, privacy mode)', () => {
  it('in full or short, outside privacy mode', () => {
    expect(studentNameIn(OPEN, 'Jordan', 'Rivera', 'full')).toBe('Jordan Rivera');
    expect(studentNameIn(OPEN, 'Jordan', 'Rivera', 'short')).toBe('Jordan R.');
    expect(studentNameIn({}, 'Jordan', 'Rivera')).toBe('Jordan R.');
    expect(studentNameIn({}, 'Cher', '', 'full')).toBe('Cher');
  });

  it('by first name only in privacy mode, whatever form is asked for, through the typed-text rule', () => {
    expect(studentNameIn(PRIVATE, 'Jordan', 'Rivera', 'full')).toBe('Jordan');
    expect(studentNameIn(PRIVATE, 'Jordan', 'Rivera', 'short')).toBe('Jordan');
    expect(studentNameIn(PRIVATE, ' Jor\u200Bdan\u202E ', 'Rivera', 'full')).toBe('Jordan');
    expect(studentNameIn(OPEN, 'Jordan', 'Rivera evil.example', 'full')).not.toMatch(/evil\.example/);
  });

  it('answers carry no last name in privacy mode, and such a fundraiser names no student in public', () => {
    expect(studentLastNameIn(PRIVATE, 'Rivera')).toBe('');
    expect(studentLastNameIn(OPEN, 'Rivera')).toBe('Rivera');
    expect(studentLastNameIn({ privacyMode: null }, 'Rivera')).toBe('Rivera');
    expect(namesStudentsInPublic(PRIVATE)).toBe(false);
    expect(namesStudentsInPublic(OPEN)).toBe(true);
    expect(namesStudentsInPublic({})).toBe(true);
  });
});

describe("an order's student name in privacy mode", () => {
  const order = (studentLastName: string, links: { contactGuid?: string; fundraiserDeviceGuid?: string } = {}) => ({
    studentFirstName: 'Jordan',
    studentLastName,
    ...links,
  });
  const fields = (problems: { field: string }[]) => problems.map((problem) => problem.field);

  it("needs no last name from a student's link (contact, social or page)", () => {
    expect(orderStudentNameProblems(order('', { contactGuid: LINK }), PRIVATE)).toEqual([]);
    expect(orderStudentNameProblems(order('', { fundraiserDeviceGuid: LINK }), PRIVATE)).toEqual([]);
  });

  it("still needs it on the team's page, outside privacy mode, and refuses a link typed in it", () => {
    expect(fields(orderStudentNameProblems(order(''), PRIVATE))).toEqual(['studentLastName']);
    expect(fields(orderStudentNameProblems(order('', { contactGuid: LINK }), OPEN))).toEqual(['studentLastName']);
    expect(fields(orderStudentNameProblems(order('evil.example', { contactGuid: LINK }), PRIVATE))).toEqual([
      'studentLastName',
    ]);
    expect(
      fields(orderStudentNameProblems({ ...order('', { contactGuid: LINK }), studentFirstName: ' ' }, PRIVATE)),
    ).toEqual(['studentFirstName']);
  });
});
