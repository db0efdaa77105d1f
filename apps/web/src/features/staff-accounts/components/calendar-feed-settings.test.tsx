import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CALENDAR_TEXTS as T } from '@visa/shared/staff-deadlines';
import { apiHarnessForFile } from '../../../../test/api-harness';
import { renderRoutes } from '../../../../test/render';
import { CalendarFeedSettings } from './calendar-feed-settings';

const h = apiHarnessForFile();

const render = () => renderRoutes([{ path: '/profile', Component: CalendarFeedSettings }], ['/profile'], { toaster: true });

describe('the calendar feed on the profile', () => {
  it('makes an address shown once, replaces it after asking, and revokes it', async () => {
    await h.signIn();
    const user = userEvent.setup();
    render();

    expect(await screen.findByText(T.none)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.create }));
    const first = (await screen.findByLabelText(T.linkLabel)) as HTMLInputElement;
    expect(first.value).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(screen.getByRole('heading', { name: T.linkHeading })).toHaveFocus();
    expect(screen.getByRole('button', { name: T.copy })).toBeInTheDocument();
    const oldAddress = first.value;
    expect(screen.getByText(new RegExp(T.activeSince))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.hide }));
    expect(screen.queryByLabelText(T.linkLabel)).toBeNull();
    await user.click(screen.getByRole('button', { name: T.replace }));
    const dialog = await screen.findByRole('dialog', { name: T.replaceTitle });
    await user.click(within(dialog).getByRole('button', { name: T.replace }));
    const second = (await screen.findByLabelText(T.linkLabel)) as HTMLInputElement;
    expect(second.value).not.toBe(oldAddress);

    await user.click(screen.getByRole('button', { name: T.revoke }));
    await user.click(within(await screen.findByRole('dialog', { name: T.revokeTitle })).getByRole('button', { name: T.revoke }));
    expect(await screen.findByText(T.none)).toBeInTheDocument();
    expect(screen.queryByLabelText(T.linkLabel)).toBeNull();
    expect(screen.getByRole('button', { name: T.create })).toBeInTheDocument();
  });
});
