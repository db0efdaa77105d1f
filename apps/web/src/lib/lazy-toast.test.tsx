import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installMatchMedia } from '../../test/render';
import toast, { Toaster } from './lazy-toast';

describe('toasts whose library loads with the first one', () => {
  it('shows nothing until the first toast, then every toast asked for', async () => {
    installMatchMedia();
    const { container } = render(<Toaster position="top-right" />);
    expect(container).toBeEmptyDOMElement();

    toast.success('Application added');
    toast.error('The export failed', { id: 'export' });
    expect(await screen.findByText('Application added')).toBeInTheDocument();
    expect(await screen.findByText('The export failed')).toBeInTheDocument();
  });

  it('a toaster mounted after a toast was asked for shows it', async () => {
    toast.success('Slide saved');
    render(<Toaster />);
    expect(await screen.findByText('Slide saved')).toBeInTheDocument();
  });
});
