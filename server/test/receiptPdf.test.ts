import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAYMENT_TYPES, type Receipt } from '@fu/shared/contracts';
import { printableText } from '../src/receipts/services/printableText';
import { translatorFor } from '../src/platform/i18n/translate';
import { receiptEmail } from '../src/receipts/services/receiptEmail';
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
        'en',
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
      'en',
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
    const pdf = await receiptPdf(receipt(names), 'en');
    const raw = Buffer.from(pdf).toString('latin1');
    assert.equal(raw.match(/\/FontFile2 /g)?.length, 2, 'regular and bold embedded as TrueType');
    assert.deepEqual(
      [...raw.matchAll(/\/BaseFont \/([A-Z]{6})\+(NotoSans-\w+)/g)].map(([, , font]) => font).sort(),
      ['NotoSans-Bold', 'NotoSans-Bold', 'NotoSans-Regular', 'NotoSans-Regular'],
      'each font a subset (tagged name), once in its font and once in its descendant CID font',
    );
    assert.doesNotMatch(raw, /\/BaseFont \/(Helvetica|NotoSans)/, 'no font whole or standard');
    assert.ok(pdf.byteLength < 150_000, `${pdf.byteLength} bytes`);
    assert.deepEqual(await receiptPdf(receipt(names), 'en'), pdf);
  });

  it('wraps a long item name and a long word within the item column', async () => {
    const word = 'Ω'.repeat(80);
    const item = `Gourmet Cookie Dough (3 lb tub) with a name long enough to need a second line ${word}`;
    const pdf = await receiptPdf(
      receipt({ supporter: ['Casey', 'Morgan'], student: ['Jordan', 'Rivera'], item }),
      'en',
    );
    const lines = (await pdfText(pdf)).normalize('NFC').split('\n');
    const itemLines = lines.slice(lines.findIndex((line) => line.startsWith('Gourmet')));
    assert.match(itemLines[0]!, /^Gourmet Cookie Dough .*\s+1\s+\$18\.00\s*$/);
    const omegas = itemLines.slice(1).filter((line) => /^Ω+\s*$/.test(line));
    assert.ok(omegas.length >= 2, `the long word split over lines:\n${lines.join('\n')}`);
    assert.equal(omegas.map((line) => line.trim()).join(''), word);
  });
});

describe('the receipt in Spanish (issue 35)', () => {
  const RAW_KEY = /\b(ordering|checkout|tickets|fundraiser|shell|shared|server)\.[a-zA-Z]+\./;
  /** A $318 order: a $18 tub and a $300 gift to a 501(c)(3), so the acknowledgment and the estimate show. */
  const spanish = (): Receipt => ({
    ...receipt({ supporter: ['Begoña', 'Güell Núñez'], student: ['José', 'Peña'], item: 'Masa para galletas: Piñón' }),
    donation: 30000,
    orderTotal: 31800,
    organization: { legalName: 'Lincoln Boosters Inc.', address: '1 School Rd', taxId: '12-3456789', is501c3: true },
  });
  const unprintableEs = translatorFor('es')('server.receipt.unprintable');

  it("prints the PDF's labels, the payment, the statement and the dates in Spanish, every accent drawn", async () => {
    const pdf = await receiptPdf(spanish(), 'es');
    const text = await textOf(pdf);
    for (const expected of [
      'Recibo',
      'Número de pedido 4242',
      'Fecha de pago 14 de marzo de 2026 a las 3:09 p.m. UTC',
      'Recaudación de fondos Varsity Football de Lincoln High School',
      'Estudiante José Peña',
      'Colaborador Begoña Güell Núñez',
      'Correo electrónico supporter@example.com',
      'Artículo Cant. Monto Masa para galletas: Piñón 1 $18.00 Donación $300.00 Total pagado $318.00',
      'Pago Visa que termina en 1111',
      'Referencia ref-4242',
      'Lincoln Boosters Inc. recibió su contribución en efectivo de $318.00 el 14 de marzo de 2026.',
      'A cambio de su contribución, usted recibió bienes o servicios (Masa para galletas: Piñón) cuyo valor, según nuestra estimación de buena fe, es de $18.00.',
      'que es deducible para fines del impuesto federal sobre los ingresos',
      'Conserve este recibo para sus registros de impuestos.',
      'Emitido por Lincoln Boosters Inc. 1 School Rd Número de identificación del empleador (EIN): 12-3456789',
      '¡Gracias por apoyar a Varsity Football!',
    ]) {
      assert.ok(text.includes(expected), `PDF text has "${expected}":\n${text}`);
    }
    assert.ok(!text.includes('?'), text);
    assert.ok(!text.includes(unprintableEs), text);
    assert.doesNotMatch(text, RAW_KEY);
    assert.match(Buffer.from(pdf).toString('latin1'), /\/Lang \(es-US\)/);
  });

  it("draws Spanish's letters and marks (á é í ó ú ñ ü ¿ ¡) as they are", async () => {
    const item = '¿Qué? ¡Sí! á é í ó ú ñ ü Á É Í Ó Ú Ñ Ü';
    const text = await textOf(await receiptPdf(receipt({ supporter: ['A', 'B'], student: ['C', 'D'], item }), 'es'));
    assert.ok(text.includes(`${item} 1 $18.00`), text);
    assert.ok(!text.includes(unprintableEs), text);
  });

  it("copies a capital 'A' as written after a receipt that printed 'Á' (the font's glyphs start afresh)", async () => {
    await receiptPdf(receipt({ supporter: ['Ánh', 'Nguyễn'], student: ['Jordan', 'Rivera'], item: 'Tub' }), 'en');
    const text = await textOf(await receiptPdf(spanish(), 'es'));
    assert.ok(text.includes('2026. A cambio de su contribución'), text);
  });

  it('a cash sale recorded by a student: not yet a tax receipt, in Spanish', async () => {
    const recorded: Receipt = {
      ...spanish(),
      collection: { receivedAt: null },
      payment: { paymentTypeId: PAYMENT_TYPES.cash, brand: '', last4: '', reference: '', checkNumber: null },
    };
    const text = await textOf(await receiptPdf(recorded, 'es'));
    for (const expected of [
      'Fecha de registro',
      'Total registrado $318.00',
      'Pago Efectivo, registrado por un estudiante',
      'Registrado como cobrado por un estudiante; la organización aún no lo ha recibido.',
      'Este no es un recibo para fines de impuestos.',
    ]) {
      assert.ok(text.includes(expected), `PDF text has "${expected}":\n${text}`);
    }
    assert.ok(!text.includes('Referencia'), text);
    const email = receiptEmail(recorded, { receiptUrl: 'https://fu.test/Receipt/4242', ticketUrls: [] }, 'es');
    assert.equal(
      email.subject,
      'Su pedido 4242 (Varsity Football): registrado, todavía no es un recibo para fines de impuestos',
    );
  });

  it('writes the e-mail, text and HTML, in Spanish', () => {
    const links = {
      receiptUrl: 'https://fu.test/Receipt/4242?key=a&b',
      ticketUrls: ['https://fu.test/ManageDiscounts/1'],
    };
    const email = receiptEmail(spanish(), links, 'es');
    assert.equal(email.subject, 'Su recibo del pedido 4242 (Varsity Football)');
    const lines = email.text.split('\n');
    for (const expected of [
      'Fundraising University: recibo del pedido 4242',
      'Número de pedido: 4242',
      'Fecha de pago: 14 de marzo de 2026 a las 3:09 p.m. UTC',
      'Recaudación de fondos: Varsity Football de Lincoln High School',
      'Estudiante: José Peña',
      'Colaborador: Begoña Güell Núñez',
      'Masa para galletas: Piñón x 1: $18.00',
      'Donación: $300.00',
      'Total pagado: $318.00',
      'Pago: Visa que termina en 1111',
      'Referencia: ref-4242',
      'Conserve este recibo para sus registros de impuestos.',
      'Sus boletos digitales están listos. Ábralos aquí:',
      'Su recibo en línea: https://fu.test/Receipt/4242?key=a&b',
      'El recibo va adjunto en PDF.',
      '¡Gracias por apoyar a Varsity Football!',
    ]) {
      assert.ok(lines.includes(expected), `text has the line "${expected}":\n${email.text}`);
    }
    for (const expected of [
      '<html lang="es">',
      '<title>Recibo del pedido 4242</title>',
      '<h1>Recibo</h1>',
      '<h2>Sus boletos digitales</h2>',
      '>Abrir sus boletos digitales</a>',
      '<th style="text-align:left">Artículo</th><th>Cant.</th><th style="text-align:right">Monto</th>',
      '<th scope="row" style="text-align:left;padding:2px 12px 2px 0">Total pagado</th>',
      'Su recibo en línea: <a href="https://fu.test/Receipt/4242?key=a&amp;b" style="word-break:break-all">https://fu.test/Receipt/4242?key=a&amp;b</a><br>El recibo va adjunto en PDF.',
      '¡Gracias por apoyar a Varsity Football!',
    ]) {
      assert.ok(email.html.includes(expected), `HTML has "${expected}":\n${email.html}`);
    }
    assert.doesNotMatch(email.subject + email.text + email.html, RAW_KEY);
    assert.doesNotMatch(email.text, /Order number|Date paid|Thank you|receipt online/);
  });

  it('keeps the English e-mail word for word', () => {
    const email = receiptEmail(spanish(), { receiptUrl: 'https://fu.test/Receipt/4242', ticketUrls: [] }, 'en');
    assert.equal(email.subject, 'Your receipt for order 4242 (Varsity Football)');
    assert.ok(email.text.startsWith('Fundraising University: receipt for order 4242\n\nOrder number: 4242\n'));
    assert.ok(
      email.text.includes(
        'Date paid: March 14, 2026 at 3:09 PM UTC\nFundraiser: Varsity Football at Lincoln High School\n',
      ),
    );
    assert.ok(
      email.text.endsWith(
        'Your receipt online: https://fu.test/Receipt/4242\nThe receipt is attached as a PDF.\n\nThank you for supporting Varsity Football!\n',
      ),
    );
    assert.ok(
      email.html.includes(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">\n<title>Receipt for order 4242</title></head>',
      ),
    );
    assert.ok(
      email.html.includes(
        '<p>Your receipt online: <a href="https://fu.test/Receipt/4242" style="word-break:break-all">https://fu.test/Receipt/4242</a><br>The receipt is attached as a PDF.</p>',
      ),
    );
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
