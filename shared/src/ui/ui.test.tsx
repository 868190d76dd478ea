import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorSummary } from './ErrorSummary';
import { FormField } from './FormField';
import { Modal } from './Modal';

describe('UI primitives', () => {
  it('ErrorSummary links each message to its field', () => {
    render(<ErrorSummary errors={[{ field: 'firstName', message: 'Please enter a first name for the student.' }]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('There is a problem');
    expect(screen.getByRole('link', { name: 'Please enter a first name for the student.' })).toHaveAttribute(
      'href',
      '#firstName',
    );
  });

  it('FormField repeats the error at the field and marks the control invalid', () => {
    render(
      <FormField id="firstName" label="First name" error="Please enter a first name for the student.">
        <input />
      </FormField>,
    );
    const input = screen.getByLabelText('First name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Please enter a first name for the student\./);
  });

  it('Modal is closed by default and closes on click when asked', () => {
    const onClose = jest.fn();
    const { rerender } = render(
      <Modal open={false} label="Selection" onClose={onClose} closeOnClick>
        <img alt="item" />
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(
      <Modal open label="Selection" onClose={onClose} closeOnClick>
        <img alt="item" />
      </Modal>,
    );
    fireEvent.click(screen.getByAltText('item'));
    expect(onClose).toHaveBeenCalled();
  });

  it('Modal is a native dialog: Escape and a backdrop click ask to close, a click inside does not', () => {
    const onClose = jest.fn();
    render(
      <Modal open label="Present this at Checkout" onClose={onClose}>
        <p>Show this screen</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Present this at Checkout' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveFocus();
    fireEvent.click(screen.getByText('Show this screen'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
