import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAYMENT_TYPES, type Receipt } from '@fu/shared/contracts';
import { printableText } from '../src/receipts/services/printableText';
import { receiptPdf, UNPRINTABLE_NOTE } from '../src/receipts/services/receiptPdf';
import { wrapText } from '../src/receipts/services/wrapText';
import { pdfText } from './pdfText';

/** A card receipt for one line of `item`, from `supporter` for the student `student`. */
const receipt = (names: { supporter: [string, string]; student: [string, string]; item: string }): Receipt => ({
  orderId: 4242,
  teamName: 'Varsity Football',
  schoolName: 'Lincoln High School',
  studentFirstName: names.student[0],
  studentLastName: names.student[1],
  supporterFirstName: names.supporter[0],
  supporterLastName: names.supporter[1],
  donorEmail: 'supporter@example.com',
  paidAt: '2026-03-14T15:09:26.000Z',
  lines: [{ name: names.item, quantity: 1, unitPrice: 1800, lineTotal: 1800 }],
  donation: 0,
  shippingTotal: 0,
  coveredFee: 0,
  orderTotal: 1800,
  organization: { legalName: 'Lincoln Boosters Inc.', address: '1 School Rd', taxId: '12-3456789' },
  payment: {
    paymentTypeId: PAYMENT_TYPES.card,
    brand: 'Visa',
    last4: '1111',
    reference: 'ref-4242',
    checkNumber: null,
  },
});

/** The PDF's text as a reader extracts it, composed (NFC) and with runs of white space as one space. */
const textOf = async (pdf: Uint8Array) => (await pdfText(pdf)).normalize('NFC').replace(/\s+/g, ' ').trim();

const NAMES: [string, string][] = [
  ['Nguyễn Thị', 'Ánh'],
  ['Ελένη', 'Παπαδοπούλου'],
  ['Дмитрий', 'Иванов'],
  ['Siobhán', "O'Brien-Núñez"],
];

describe('receipt PDF in any alphabet', () => {
  for (const [first, last] of NAMES) {
    it(`prints ${first} ${last} intact as supporter, student and in an item name`, async () => {
      const pdf = await receiptPdf(
        receipt({ supporter: [first, last], student: [last, first], item: `Cookie Dough: ${first} ${last}` }),
      );
      const text = await textOf(pdf);
      for (const expected of [
        `Supporter ${first} ${last}`,
        `Student ${last} ${first}`,
        `Cookie Dough: ${first} ${last} 1 $18.00`,
      ]) {
        assert.ok(text.includes(expected), `PDF text has "${expected}":\n${text}`);
      }
      assert.ok(!text.includes('?'), text);
      assert.ok(!text.includes(UNPRINTABLE_NOTE), text);
    });
  }

  it('prints a character the font lacks as its base letter or ?, keeps the rest, and says so once', async () => {
    const pdf = await receiptPdf(
      receipt({ supporter: ['Ｍｉｎｇ 李', 'Chen 😀'], student: ['Jordan', 'Rivera'], item: 'Tub 👨‍👩‍👧 for María' }),
    );
    const text = await textOf(pdf);
    for (const expected of ['Supporter Ming ? Chen ?', 'Tub ? for María 1 $18.00', UNPRINTABLE_NOTE]) {
      assert.ok(text.includes(expected), `PDF text has "${expected}":\n${text}`);
    }
    assert.equal(text.split(UNPRINTABLE_NOTE).length, 2, 'the note once');
    assert.ok(text.endsWith(UNPRINTABLE_NOTE), 'the note last');
  });

  it('embeds Noto Sans as subsets, small, with the same bytes for the same receipt', async () => {
    const names = { supporter: NAMES[0]!, student: NAMES[1]!, item: `Cookie Dough: ${NAMES[2]!.join(' ')}` };
    const pdf = await receiptPdf(receipt(names));
    const raw = Buffer.from(pdf).toString('latin1');
    assert.equal(raw.match(/\/FontFile2 /g)?.length, 2, 'regular and bold embedded as TrueType');
    assert.deepEqual(
      [...raw.matchAll(/\/BaseFont \/([A-Z]{6})\+(NotoSans-\w+)/g)].map(([, , font]) => font).sort(),
      ['NotoSans-Bold', 'NotoSans-Bold', 'NotoSans-Regular', 'NotoSans-Regular'],
      'each font a subset (tagged name), once in its font and once in its descendant CID font',
    );
    assert.doesNotMatch(raw, /\/BaseFont \/(Helvetica|NotoSans)/, 'no font whole or standard');
    assert.ok(pdf.byteLength < 150_000, `${pdf.byteLength} bytes`);
    assert.deepEqual(await receiptPdf(receipt(names)), pdf);
  });

  it('wraps a long item name and a long word within the item column', async () => {
    const word = 'Ω'.repeat(80);
    const item = `Gourmet Cookie Dough (3 lb tub) with a name long enough to need a second line ${word}`;
    const pdf = await receiptPdf(receipt({ supporter: ['Casey', 'Morgan'], student: ['Jordan', 'Rivera'], item }));
    const lines = (await pdfText(pdf)).normalize('NFC').split('\n');
    const itemLines = lines.slice(lines.findIndex((line) => line.startsWith('Gourmet')));
    assert.match(itemLines[0]!, /^Gourmet Cookie Dough .*\s+1\s+\$18\.00\s*$/);
    const omegas = itemLines.slice(1).filter((line) => /^Ω+\s*$/.test(line));
    assert.ok(omegas.length >= 2, `the long word split over lines:\n${lines.join('\n')}`);
    assert.equal(omegas.map((line) => line.trim()).join(''), word);
  });
});

describe('printableText', () => {
  /** Like Noto Sans: Latin, Greek, Cyrillic and combining marks, nothing from U+2000 on. */
  const latinGreekCyrillic = (codePoint: number) => codePoint < 0x2000;

  it('keeps what the font draws, composed, and flattens control characters and line breaks to spaces', () => {
    assert.deepEqual(printableText('Nguye\u0302\u0303n\r\nΕλένη\tДмитрий\u0000!', latinGreekCyrillic), {
      text: 'Nguyễn Ελένη Дмитрий !',
      replaced: false,
    });
  });

  it('falls back to the base letter, else one ? per character as seen (an emoji sequence is one)', () => {
    assert.deepEqual(printableText('Ｍｉｎｇ 李 👨‍👩‍👧!', latinGreekCyrillic), { text: 'Ming ? ?!', replaced: true });
  });
});

describe('wrapText', () => {
  const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
  const characters = (text: string) => [...graphemes.segment(text)].length;

  it('breaks at spaces, and a long word between characters, never inside one', () => {
    const accented = 'e\u0301';
    assert.deepEqual(wrapText(`ab cd ${accented.repeat(4)}`, 3, characters), [
      'ab',
      'cd',
      accented.repeat(3),
      accented,
    ]);
  });
});
