// @fu/shared is evaluated on every page before anything is drawn. A page's first Intl formatter
// loads the locale's data (35-55 ms of main thread in this machine's Chromium, four times that on
// the phone Lighthouse simulates), so loading the package must make none: money is written out by
// hand (tokens/money.ts, whose own test holds formatting to this), and a date is formatted when a
// page shows one.

const INTL_FORMATTERS = ['NumberFormat', 'DateTimeFormat', 'Collator', 'RelativeTimeFormat', 'ListFormat'] as const;

it('loading @fu/shared makes no Intl formatter', () => {
  const spies = [
    jest.spyOn(Number.prototype, 'toLocaleString').mockName('Number#toLocaleString'),
    ...(['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const).map((method) =>
      jest.spyOn(Date.prototype, method).mockName(`Date#${method}`),
    ),
    ...INTL_FORMATTERS.map((name) => jest.spyOn(Intl, name).mockName(`Intl.${name}`)),
  ];
  try {
    jest.isolateModules(() => {
      jest.requireActual('./index');
    });
    const used = spies.filter((spy) => spy.mock.calls.length > 0).map((spy) => spy.getMockName());
    expect(used).toEqual([]);
    // The spies see the package's calls: the test would catch one.
    (1500).toLocaleString('en-US');
    expect(spies[0]!.mock.calls.length).toBe(1);
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
});
