import { PAYMENT_TYPES } from '../contracts/constants';
import { testReceipt } from '../testing/testReceipt';
import { testT } from '../testing/translator';
import { recordingSaleLine } from './cashCheck';
import { paidWith, receiptPaymentMethod } from './paymentWording';
import {
  COVERED_FEE_LABEL,
  receiptRows,
  receiptStatementHeading,
  receiptTaxStatement,
  receiptTime,
  receiptTotalLabel,
} from './receiptStatement';
import { STUDENT_CREDIT_MESSAGES } from './studentMatch';
import { CATALOG_KEY } from '../testing/spanish';

// The receipt in Spanish (issue 35): the cases receiptStatement.test.ts reads in English, IRS
// Publication 1771's statements in the glossary's words (docs/i18n.md), dates as es-US writes them.

const t = testT('es');

const base = testReceipt({ lines: [], orderTotal: 0 });
const organization = {
  legalName: 'Lincoln Boosters Inc.',
  address: '1 Main St, Springfield, IL 62701',
  taxId: '12-3456789',
  is501c3: true,
};
const issuer = [
  'Emitido por Lincoln Boosters Inc.',
  '1 Main St, Springfield, IL 62701',
  'Número de identificación del empleador (EIN): 12-3456789',
];
const paidAt = '2026-11-27T18:30:00.000Z';
const mug = { name: 'Mug', quantity: 1, unitPrice: 1500, lineTotal: 1500 };

describe('the receipt statement in Spanish (IRS Publication 1771)', () => {
  it('a $750 sponsorship with a $100 banner: the acknowledgment, the good-faith estimate, the deductible amount', () => {
    const statement = receiptTaxStatement(
      {
        ...base,
        paidAt,
        organization,
        lines: [
          { name: 'Stadium Sponsor Banner: Gold', quantity: 1, unitPrice: 75000, lineTotal: 75000, goodsValue: 10000 },
        ],
        orderTotal: 75000,
      },
      t,
      'es',
    );
    expect(statement).toEqual([
      'Lincoln Boosters Inc. recibió su contribución en efectivo de $750.00 el 27 de noviembre de 2026.',
      'A cambio de su contribución, usted recibió bienes o servicios (Stadium Sponsor Banner: Gold) cuyo valor, según nuestra estimación de buena fe, es de $100.00.',
      'El monto de su contribución que es deducible para fines del impuesto federal sobre los ingresos se limita al excedente del dinero que usted contribuyó sobre el valor de los bienes o servicios proporcionados: $650.00.',
      'Conserve este recibo para sus registros de impuestos.',
      ...issuer,
    ]);
  });

  it('a $300 gift: the acknowledgment and that no goods or services were provided', () => {
    expect(receiptTaxStatement({ ...base, paidAt, organization, donation: 30000, orderTotal: 30000 }, t, 'es')).toEqual(
      [
        'Lincoln Boosters Inc. recibió su contribución en efectivo de $300.00 el 27 de noviembre de 2026.',
        'No se proporcionaron bienes ni servicios a cambio de su contribución.',
        'Conserve este recibo para sus registros de impuestos.',
        ...issuer,
      ],
    );
    expect(
      receiptTaxStatement(
        { ...base, paidAt, organization: { ...organization, legalName: '' }, donation: 30000, orderTotal: 30000 },
        t,
        'es',
      )[0],
    ).toBe('La organización recibió su contribución en efectivo de $300.00 el 27 de noviembre de 2026.');
  });

  it('items with a donation: the goods named, shipping included, and the deductible excess', () => {
    const statement = receiptTaxStatement(
      {
        ...base,
        organization,
        lines: [{ name: 'Team T-Shirt: Adult Medium', quantity: 2, unitPrice: 2000, lineTotal: 4000 }],
        donation: 3500,
        shippingTotal: 500,
        coveredFee: 300,
        orderTotal: 8300,
      },
      t,
      'es',
    );
    expect(statement.slice(0, 2)).toEqual([
      'A cambio de su contribución, usted recibió bienes o servicios (2 × Team T-Shirt: Adult Medium; envío) cuyo valor, según nuestra estimación de buena fe, es de $45.00.',
      'El monto de su contribución que es deducible para fines del impuesto federal sobre los ingresos se limita al excedente del dinero que usted contribuyó sobre el valor de los bienes o servicios proporcionados: $38.00.',
    ]);
  });

  it('a team that is not a 501(c)(3): not tax-deductible, and nothing about deductions', () => {
    const team = { ...organization, legalName: 'Westside Soccer Club', is501c3: false };
    expect(receiptTaxStatement({ ...base, organization: team, donation: 30000, orderTotal: 30000 }, t, 'es')).toEqual([
      'Este pago no es deducible de impuestos como contribución caritativa: Westside Soccer Club no es una organización 501(c)(3).',
      'Emitido por Westside Soccer Club',
      '1 Main St, Springfield, IL 62701',
      'Número de identificación del empleador (EIN): 12-3456789',
    ]);
    expect(receiptTaxStatement({ ...base, organization: { ...team, legalName: '' } }, t, 'es')[0]).toBe(
      'Este pago no es deducible de impuestos como contribución caritativa: no se hizo a una organización 501(c)(3).',
    );
  });

  it('a cash sale recorded by a student: not yet a tax receipt, and the total recorded', () => {
    const collected = {
      ...base,
      organization,
      collection: { receivedAt: null },
      lines: [mug],
      orderTotal: 1500,
      payment: { ...base.payment, paymentTypeId: PAYMENT_TYPES.cash },
    };
    expect(receiptTaxStatement(collected, t, 'es')).toEqual([
      'Registrado como cobrado por un estudiante; la organización aún no lo ha recibido.',
      'Este no es un recibo para fines de impuestos. Lo será cuando la organización confirme que recibió el dinero.',
    ]);
    expect(receiptStatementHeading(collected, t)).toBe('Todavía no es un recibo para fines de impuestos');
    expect(receiptTotalLabel(collected, t)).toBe('Total registrado');
    expect(receiptPaymentMethod(collected.payment, true, t)).toBe('Efectivo, registrado por un estudiante');
  });

  it('a cash sale received: the day the school received it, in Spanish', () => {
    const collection = { receivedAt: '2026-12-02T04:00:00.000Z' };
    const statement = receiptTaxStatement(
      { ...base, timeZone: 'America/Chicago', organization, collection, lines: [mug], orderTotal: 1500 },
      t,
      'es',
    );
    expect(statement[0]).toBe('Recibido por la organización el 1 de diciembre de 2026.');
  });
});

describe('the receipt rows, times and payment in Spanish', () => {
  it('names the donation, shipping, the covered fee and other fees', () => {
    const rows = receiptRows(
      {
        ...base,
        lines: [{ name: 'Mug', quantity: 2, unitPrice: 1500, lineTotal: 3000 }],
        donation: 1000,
        shippingTotal: 500,
        coveredFee: 169,
        orderTotal: 4719,
      },
      t,
    );
    expect(rows.map((row) => row.label)).toEqual(['Mug', 'Donación', 'Envío', t(COVERED_FEE_LABEL), 'Cargos']);
    expect(t(COVERED_FEE_LABEL)).toBe('Cargo por procesamiento que usted cubrió');
    expect(receiptTotalLabel(base, t)).toBe('Total pagado');
    expect(receiptStatementHeading(base, t)).toBe('Para sus registros de impuestos');
  });

  it("reads a moment on the school's clock as es-US writes it", () => {
    expect(receiptTime('2026-11-27T03:30:00.000Z', { timeZone: 'America/Chicago' }, 'es')).toBe(
      '26 de noviembre de 2026 a las 9:30 p.m. CST',
    );
    expect(receiptTime('2026-11-27T03:30:00.000Z', {}, 'es')).toBe('27 de noviembre de 2026 a las 3:30 a.m. UTC');
  });

  it('words the payment and the credit', () => {
    expect(receiptPaymentMethod({ paymentTypeId: PAYMENT_TYPES.cash }, false, t)).toBe('Pagado en efectivo');
    expect(receiptPaymentMethod({ paymentTypeId: PAYMENT_TYPES.check, checkNumber: '1234' }, false, t)).toBe(
      'Pagado con cheque #1234',
    );
    expect(receiptPaymentMethod({ paymentTypeId: PAYMENT_TYPES.check, checkNumber: '1234' }, true, t)).toBe(
      'Cheque #1234, registrado por un estudiante',
    );
    expect(receiptPaymentMethod({ paymentTypeId: PAYMENT_TYPES.card, brand: 'visa', last4: '1111' }, false, t)).toBe(
      'Visa que termina en 1111',
    );
    expect(receiptPaymentMethod({ paymentTypeId: PAYMENT_TYPES.card, last4: '1111' }, false, t)).toBe(
      'Tarjeta que termina en 1111',
    );
    expect(paidWith(PAYMENT_TYPES.check, t)).toBe('Pagado con cheque');
    expect(recordingSaleLine('Jordan R.', t)).toBe('Registrando una venta en efectivo o con cheque para Jordan R.');
    expect(recordingSaleLine('', t)).toBe('Registrando una venta en efectivo o con cheque.');
    expect(STUDENT_CREDIT_MESSAGES.supporting('Jordan R.', t)).toBe('En apoyo de Jordan R.');
    expect(t(STUDENT_CREDIT_MESSAGES.countedForTeam)).toBe('Este pedido cuenta para el equipo.');
  });

  it('leaves no message id and no English sentence unturned', () => {
    const sponsorship = {
      ...base,
      paidAt,
      organization,
      collection: { receivedAt: '2026-12-02T10:00:00.000Z' },
      lines: [{ name: 'Banner', quantity: 1, unitPrice: 30000, lineTotal: 30000, goodsValue: 1000 }],
      shippingTotal: 500,
      orderTotal: 30500,
    };
    for (const line of receiptTaxStatement(sponsorship, t, 'es')) {
      expect(line).not.toMatch(CATALOG_KEY);
      expect(line).not.toMatch(/\b(the|your|received|goods|Issued)\b/);
    }
  });
});
