import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UPLOAD } from '@visa/shared/ui-texts';
import { UploadProgress } from './upload-progress';

describe('UploadProgress', () => {
  it('is a labelled progress bar whose spoken text moves in steps of 10 %', () => {
    const { rerender } = render(<UploadProgress fraction={0.37} />);
    const bar = screen.getByRole('progressbar', { name: UPLOAD.progressLabel });
    expect(bar).toHaveAttribute('value', '37');
    expect(bar).toHaveAttribute('max', '100');
    const live = screen.getByText(UPLOAD.progress(30));
    expect(live).toHaveAttribute('aria-live', 'polite');
    rerender(<UploadProgress fraction={0.39} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '39');
    expect(live).toHaveTextContent(UPLOAD.progress(30));
    rerender(<UploadProgress fraction={0.4} />);
    expect(live).toHaveTextContent(UPLOAD.progress(40));
  });

  it('says the server is saving once everything is sent', () => {
    render(<UploadProgress fraction={1} />);
    expect(screen.getByText(UPLOAD.saving)).toHaveAttribute('aria-live', 'polite');
  });
});
