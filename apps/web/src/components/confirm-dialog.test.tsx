import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog show title="Delete this thing?" confirmLabel="Delete thing" onConfirm={onConfirm} onCancel={onCancel} {...props}>
      It goes for good.
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Delete this thing?' }) };
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title, with the body, Cancel and the confirm button; focus moves into it', async () => {
    const { dialog, onConfirm, onCancel } = renderDialog();
    expect(dialog).toHaveTextContent('It goes for good.');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete thing' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while pending disables only the confirm button, unless locked', async () => {
    const { dialog, onCancel } = renderDialog({ pending: true });
    expect(within(dialog).getByRole('button', { name: 'Delete thing' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('locked while pending: Cancel, the close button and Escape do nothing', async () => {
    const { dialog, onCancel } = renderDialog({ pending: true, lockWhilePending: true });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows an error as an alert inside the dialog', () => {
    const { dialog } = renderDialog({ error: 'It could not be deleted.' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('It could not be deleted.');
  });
});
