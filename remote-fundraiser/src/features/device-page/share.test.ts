import { shareContent, shareOrCopy } from './share';

const content = shareContent(
  { firstName: 'Jordan', teamName: 'Varsity Football', schoolName: 'Lincoln High School' },
  'https://example.test/Order/Social/abc',
);

function navigatorWith(parts: { share?: jest.Mock; writeText?: jest.Mock }): Navigator {
  return { share: parts.share, clipboard: { writeText: parts.writeText ?? jest.fn() } } as unknown as Navigator;
}

describe('share', () => {
  it('cites the $500 goal and the student', () => {
    expect(content.text).toBe(
      'Help Jordan raise money for Varsity Football at Lincoln High School! Our goal is $500. Order or donate here:',
    );
    expect(content.url).toBe('https://example.test/Order/Social/abc');
  });

  it('uses the Web Share API when the browser has it', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    const writeText = jest.fn();
    expect(await shareOrCopy(content, navigatorWith({ share, writeText }))).toBe('shared');
    expect(share).toHaveBeenCalledWith(content);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the text and link when there is no share sheet', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    expect(await shareOrCopy(content, navigatorWith({ writeText }))).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(`${content.text} ${content.url}`);
  });

  it('treats closing the share sheet as no outcome, and other share errors as a reason to copy', async () => {
    const abort = jest.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    expect(await shareOrCopy(content, navigatorWith({ share: abort }))).toBe('cancelled');
    const broken = jest.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    const writeText = jest.fn().mockResolvedValue(undefined);
    expect(await shareOrCopy(content, navigatorWith({ share: broken, writeText }))).toBe('copied');
  });

  it('reports a failure when the clipboard refuses too', async () => {
    const writeText = jest.fn().mockRejectedValue(new Error('denied'));
    expect(await shareOrCopy(content, navigatorWith({ writeText }))).toBe('failed');
  });
});
