import { render, screen } from '@testing-library/react';
import { i18nWith, loadCatalogs, pageI18n, registerCatalogs } from './catalogs';
import { catalogKey } from './catalogKey.cjs';
import { initialPageLanguage } from './pageLanguage';
import { languageOfAcceptLanguage, negotiateLanguage } from './languages';
import { LanguageProvider, richText, T, useT } from './react';

describe('which language a reader gets', () => {
  it.each([
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['en-US,es;q=0.5', 'en'],
    ['fr-CA,es;q=0.7,en;q=0.3', 'es'],
    ['es-419', 'es'],
    ['ES', 'es'],
    ['es;q=0.2,en;q=0.9', 'en'],
    ['es;q=0, en', 'en'],
    ['de-DE,fr;q=0.5', undefined],
    ['', undefined],
    ['*', undefined],
  ])('Accept-Language %j → %s', (header, language) => {
    expect(languageOfAcceptLanguage(header)).toBe(language);
  });

  it('follows the switch over the browser, and English when neither says', () => {
    expect(negotiateLanguage({ cookie: 'a=1; fu_lang=en', acceptLanguage: 'es-MX' })).toBe('en');
    expect(negotiateLanguage({ cookie: 'fu_lang=es', acceptLanguage: 'en-US' })).toBe('es');
    expect(negotiateLanguage({ cookie: 'fu_lang=fr', acceptLanguage: 'es-MX' })).toBe('es');
    expect(negotiateLanguage({ cookie: undefined, acceptLanguage: 'de' })).toBe('en');
  });

  it('starts a page in the language the server rendered it in, else negotiates in the browser', () => {
    document.documentElement.setAttribute('data-fu-lang', 'es');
    expect(initialPageLanguage(document, ['en-US'])).toBe('es');
    document.documentElement.removeAttribute('data-fu-lang');
    expect(initialPageLanguage(document, ['es-US', 'en'])).toBe('es');
    expect(initialPageLanguage(document, ['en-US'])).toBe('en');
  });
});

describe('messages', () => {
  const i18n = i18nWith('es', {
    'test.tickets': [['count', 'plural', { one: ['#', ' boleto'], other: ['#', ' boletos'] }]],
    'test.help': ['¿Necesita ayuda? <link>Escríbanos</link>.'],
  } as never);

  function Tickets({ count }: { count: number }) {
    return <p>{useT()('test.tickets', { count })}</p>;
  }

  it('formats plurals in the language of the provider, and a message no catalog has is its id', () => {
    render(
      <LanguageProvider language="es" i18n={i18n}>
        <Tickets count={1} />
        <Tickets count={3} />
      </LanguageProvider>,
    );
    expect(screen.getByText('1 boleto')).toBeInTheDocument();
    expect(screen.getByText('3 boletos')).toBeInTheDocument();
    expect(i18n._('Please select an item.')).toBe('Please select an item.');
  });

  it('draws the parts of a message in their elements', () => {
    render(
      <LanguageProvider language="es" i18n={i18n}>
        <p data-testid="help">
          <T id="test.help" components={{ link: <a href="/Help" /> }} />
        </p>
      </LanguageProvider>,
    );
    expect(screen.getByTestId('help')).toHaveTextContent('¿Necesita ayuda? Escríbanos.');
    expect(screen.getByRole('link', { name: 'Escríbanos' })).toHaveAttribute('href', '/Help');
    const { container } = render(<>{richText('<b>x</b> and <missing>y</missing>', { b: <strong /> })}</>);
    expect(container.innerHTML).toBe('<strong>x</strong> and y');
  });

  it('finds an English-keyed message under its hash, or its English in a catalog compiled before 2.6', () => {
    const english = 'Card number is required';
    const spanish = i18nWith('es', { [catalogKey(english)]: ['El número de tarjeta es obligatorio'] } as never);
    const before26 = i18nWith('es', { [english]: ['Obligatorio'] } as never);
    const inEnglish = i18nWith('en', { 'test.pay': ['Pay'] } as never);
    const t = (instance: typeof i18n) => {
      let drawn = '';
      function Drawn() {
        drawn = useT()(english);
        return null;
      }
      render(
        <LanguageProvider language="es" i18n={instance}>
          <Drawn />
        </LanguageProvider>,
      );
      return drawn;
    };
    expect(t(spanish)).toBe('El número de tarjeta es obligatorio');
    expect(t(before26)).toBe('Obligatorio');
    expect(t(inEnglish)).toBe(english);
  });

  it("loads each registered app's catalog once per language", async () => {
    const load = jest.fn(async () => ({ default: { 'loaded.hello': ['Hola'] } }));
    registerCatalogs('loaded', { en: load, es: load });
    await loadCatalogs('es');
    await loadCatalogs('es');
    expect(load).toHaveBeenCalledTimes(1);
    expect(pageI18n('es')._('loaded.hello')).toBe('Hola');
  });
});
