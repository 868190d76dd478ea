import { fireEvent, render, screen } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { MemoryRouter, PAGE_DELETION_MESSAGES } from '@fu/shared';
import { deletePageApi } from './api/deletePageApi';
import { DeletePageCard, PageDeleted } from './components/DeletePageCard';

const GUID = '11111111-1111-4111-8111-111111111111';
const PHONE = '5125550101';

afterEach(() => jest.restoreAllMocks());

function renderCard(search = '', onDeleted = jest.fn()) {
  render(
    <MemoryRouter initialEntries={[`/Fundraiser/${GUID}${search}`]}>
      <DeletePageCard guid={GUID} phone={PHONE} onDeleted={onDeleted} />
    </MemoryRouter>,
  );
  return onDeleted;
}

const refused = (status: number, message: string) =>
  new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    data: { message },
  } as AxiosResponse);

describe('DeletePageCard (issue 34: a family leaves the directory)', () => {
  it("texts a delete link to the page's phone and shows the server's sentence; nothing is deleted", async () => {
    const texted = PAGE_DELETION_MESSAGES.texted('(512) 555-0101');
    const requestLink = jest.spyOn(deletePageApi, 'requestLink').mockResolvedValue({ message: texted });
    const deletePage = jest.spyOn(deletePageApi, 'deletePage');
    const onDeleted = renderCard();
    expect(screen.getByRole('heading', { name: 'Delete this page' })).toBeInTheDocument();
    expect(screen.getByText(/We text a link to \(512\) 555-0101/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete this page' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Text me a delete link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(texted);
    expect(requestLink).toHaveBeenCalledWith(GUID);
    expect(deletePage).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('opened from the texted link, deletes only on a tap, with the code of the link', async () => {
    const deletePage = jest
      .spyOn(deletePageApi, 'deletePage')
      .mockResolvedValue({ message: PAGE_DELETION_MESSAGES.deleted });
    const onDeleted = renderCard('?delete=abc123');
    expect(screen.getByText(/Delete this page for good\?/)).toBeInTheDocument();
    expect(deletePage).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete this page' }));
    await screen.findByRole('button', { name: 'Delete this page' });
    await Promise.resolve();
    expect(deletePage).toHaveBeenCalledWith(GUID, 'abc123');
    expect(onDeleted).toHaveBeenCalledWith(PAGE_DELETION_MESSAGES.deleted);
  });

  it('says why when the link is refused, and keeps the page', async () => {
    jest.spyOn(deletePageApi, 'deletePage').mockRejectedValue(refused(410, PAGE_DELETION_MESSAGES.expired));
    const onDeleted = renderCard('?delete=old');
    fireEvent.click(screen.getByRole('button', { name: 'Delete this page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_DELETION_MESSAGES.expired);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete this page' })).toBeEnabled();
  });

  it('PageDeleted says so, takes focus and leads to the start page', () => {
    render(
      <MemoryRouter>
        <PageDeleted message={PAGE_DELETION_MESSAGES.deleted} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('page-deleted')).toHaveTextContent(PAGE_DELETION_MESSAGES.deleted);
    expect(screen.getByTestId('page-deleted')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });
});
