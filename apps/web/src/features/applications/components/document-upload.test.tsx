import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { APPLICANT_FILE_TEXTS, MAX_DOCUMENTS_PER_UPLOAD } from '@visa/shared/applicant-file';
import { DOCUMENT_MAX_BYTES } from '@visa/shared/constants';
import { documentInvalidType, documentTooLarge } from '@visa/shared/ui-texts';
import { bigJpegFile, jpegFile, pdfFile, pngFile } from '../../../../test/files';
import { renderRoutes } from '../../../../test/render';
import { DocumentUpload } from './document-upload';

// Browsers let staff pick "All files" despite `accept`, so the picker does not filter here either.
const setup = () => {
  const user = userEvent.setup({ applyAccept: false });
  renderRoutes([{ path: '/', Component: () => <DocumentUpload applicationId={'a'.repeat(24)} /> }], ['/'], { toaster: true });
  return { user, input: screen.getByLabelText('Choose documents (JPEG or PNG, at most 7 MB each)') };
};

const toUpload = () => screen.queryByRole('list', { name: 'Documents to upload' });

describe('document upload: checks in the browser before anything is sent', () => {
  it('refuses a PDF with the product message and keeps the good file, with a preview and a label choice', async () => {
    const { user, input } = setup();
    await user.upload(input, [await jpegFile('visa.jpg'), pdfFile('scan.pdf')]);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(documentInvalidType('scan.pdf', 'application/pdf'));
    expect(alert).toHaveTextContent('Invalid file type: scan.pdf (application/pdf). Allowed types are JPEG and PNG.');
    const list = toUpload()!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('visa.jpg')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Preview of visa.jpg' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^(blob:|data:image\/jpeg;base64,)/),
    );
    expect(within(list).getByRole('combobox', { name: 'Label for visa.jpg' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Upload document' })).toBeEnabled();
  });

  it('judges by the bytes: a PDF renamed .jpg is refused, a PNG without a declared type is accepted', async () => {
    const { user, input } = setup();
    await user.upload(input, [pdfFile('photo.jpg', 'image/jpeg'), await pngFile('lmia.png', '')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(documentInvalidType('photo.jpg', 'application/pdf'));
    expect(within(toUpload()!).getByText('lmia.png')).toBeInTheDocument();
  });

  it('names an unknown kind of file with its declared type, or "unknown"', async () => {
    const { user, input } = setup();
    await user.upload(input, [
      new File(['plain words'], 'notes.txt', { type: 'text/plain' }),
      new File(['plain words'], 'odd.jpg', { type: 'image/jpeg' }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(documentInvalidType('notes.txt', 'text/plain'));
    expect(alert).toHaveTextContent(documentInvalidType('odd.jpg', 'unknown'));
    expect(toUpload()).toBeNull();
  });

  it('refuses a file over 7 MB with the product message; exactly 7 MB is fine', async () => {
    const { user, input } = setup();
    await user.upload(input, [bigJpegFile(DOCUMENT_MAX_BYTES + 1, 'huge.jpg'), bigJpegFile(DOCUMENT_MAX_BYTES, 'exact.jpg')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(documentTooLarge('huge.jpg'));
    expect(screen.getByRole('alert')).toHaveTextContent('File too large: huge.jpg. Maximum allowed size is 7 MB.');
    expect(within(toUpload()!).getByText('exact.jpg')).toBeInTheDocument();
  });

  it('asks for a label for each document before sending', async () => {
    const { user, input } = setup();
    await user.upload(input, [await jpegFile('a.jpg'), await jpegFile('b.jpg')]);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Label for a.jpg' }), 'Visa');
    await user.click(screen.getByRole('button', { name: 'Upload 2 documents' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a label for each document.');
    expect(screen.getByRole('combobox', { name: 'Label for b.jpg' })).toHaveClass('is-invalid');
  });

  it('lets staff take a file out of the upload, and caps one upload at the server limit', async () => {
    const { user, input } = setup();
    await user.upload(input, [await jpegFile('keep.jpg'), await jpegFile('drop.jpg')]);
    await user.click(await screen.findByRole('button', { name: 'Remove drop.jpg from the upload' }));
    expect(within(toUpload()!).queryByText('drop.jpg')).toBeNull();

    const many = await Promise.all(Array.from({ length: MAX_DOCUMENTS_PER_UPLOAD }, (_, i) => jpegFile(`page-${i}.jpg`)));
    await user.upload(input, many);
    await waitFor(() => expect(within(toUpload()!).getAllByRole('listitem')).toHaveLength(MAX_DOCUMENTS_PER_UPLOAD));
    expect(screen.getByRole('alert')).toHaveTextContent(`page-9.jpg: ${APPLICANT_FILE_TEXTS.tooManyDocuments}`);
  });
});
