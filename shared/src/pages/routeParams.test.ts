import { MAX_RECORD_ID, parseRecordId } from './routeParams';

describe('parseRecordId', () => {
  it('reads a whole number a stored row can have', () => {
    expect(parseRecordId('1')).toBe(1);
    expect(parseRecordId(String(MAX_RECORD_ID))).toBe(MAX_RECORD_ID);
  });

  it('has no id for anything else', () => {
    for (const value of [undefined, '', '0', '-1', '1.5', 'abc', String(MAX_RECORD_ID + 1), '99999999999999999999']) {
      expect(parseRecordId(value)).toBeUndefined();
    }
  });
});
