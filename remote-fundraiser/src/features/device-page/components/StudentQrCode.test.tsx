/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import * as qrcode from 'qrcode.react';
import { StudentQrCode } from './StudentQrCode';

// The library's component, counted each time React asks it for the code's drawing.
jest.mock('qrcode.react', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const actual = jest.requireActual<typeof import('qrcode.react')>('qrcode.react');
  return {
    ...actual,
    QRCodeSVG: jest.fn((props: Parameters<typeof actual.QRCodeSVG>[0]) => createElement(actual.QRCodeSVG, props)),
  };
});
const drawn = qrcode.QRCodeSVG as unknown as jest.Mock;

const URL_A = 'https://example.test/Order/Contact/66666666-6666-4666-8666-666666666666';
const URL_B = 'https://example.test/Order/Contact/77777777-7777-4777-8777-777777777777';

beforeEach(() => drawn.mockClear());

/** The page as the server sent it for `url`, in the document (the drawing made then is not counted). */
function servedPage(url: string) {
  const served = renderToString(<StudentQrCode url={url} />);
  drawn.mockClear();
  const container = document.createElement('div');
  container.innerHTML = served;
  document.body.append(container);
  return { served, container };
}

/** The page as the server sent it, taken over by React the way the shell does. */
async function hydrateServed(url: string) {
  const { served, container } = servedPage(url);
  const recoverable: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <StudentQrCode url={url} />, {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  return { served, container, recoverable, root: root! };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the student's QR code", () => {
  it('keeps the drawing the server sent when React takes the page over: the code is not made twice', async () => {
    const warnings = jest.spyOn(console, 'error');
    const { served, container, recoverable, root } = await hydrateServed(URL_A);

    expect(drawn).not.toHaveBeenCalled();
    // No mismatch: React's development build compares the kept markup with the page's and would say.
    expect(recoverable).toEqual([]);
    expect(warnings).not.toHaveBeenCalled();
    warnings.mockRestore();
    expect(container.innerHTML).toBe(served.replace(/<!-- -->/g, ''));
    expect(screen.getByTitle(`QR code for ${URL_A}`)).toBeInTheDocument();
    act(() => root.unmount());
  });

  it('draws the code itself for another link than the one served', () => {
    servedPage(URL_A);

    render(<StudentQrCode url={URL_B} />);

    expect(drawn).toHaveBeenCalled();
    expect(screen.getByTitle(`QR code for ${URL_B}`)).toBeInTheDocument();
  });

  it('draws the code again when the link changes after the page was taken over', async () => {
    const { container, root } = await hydrateServed(URL_A);
    expect(drawn).not.toHaveBeenCalled();

    // The title names the link it encodes: a served drawing of another link is not this one's.
    await act(async () => root.render(<StudentQrCode url={URL_B} />));

    expect(drawn).toHaveBeenCalled();
    expect(container.querySelectorAll('svg')).toHaveLength(1);
    expect(screen.getByTitle(`QR code for ${URL_B}`)).toBeInTheDocument();
    act(() => root.unmount());
  });

  it('draws the code on a page the server did not draw', () => {
    render(<StudentQrCode url={URL_A} />);
    expect(drawn).toHaveBeenCalled();
    expect(screen.getByTestId('student-qr-code')).toBeInTheDocument();
  });
});
