import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useSearchParams } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD, VALIDATION, SLIDE } from '@visa/shared/ui-texts';
import { SLIDE_TEXTS, type Slide } from '@visa/shared/slides';
import { paths } from '../../../config/paths';
import { createSlide } from '../api/create-slide';
import { deleteSlide } from '../api/delete-slide';
import { type Staff, apiHarnessForFile } from '../../../../test/api-harness';
import { gifFile } from '../../../../test/files';
import { pictureFile, slideInput } from '../test/fixtures';
import { renderRoutes } from '../../../../test/render';
import { AddSlide } from './add-slide';
import { EditSlide } from './edit-slide';
import { SlideList } from './slide-list';

const h = apiHarnessForFile({ reset: false });
let staff: Staff;
let jpeg: File;
beforeAll(async () => {
  staff = await h.signIn();
  jpeg = await pictureFile();
});
beforeEach(() => {
  h.signInAs(staff);
  // jsdom has no object URLs; the preview only needs a string it can put in src.
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

async function clearSlides() {
  const res = await h.t.request({ method: 'GET', url: '/api/slider/fetchSlider', token: staff.token });
  for (const slide of res.json() as Slide[]) await deleteSlide(slide._id);
}

function EditRoute() {
  const { state } = useLocation();
  const [params] = useSearchParams();
  return <EditSlide navigationState={state} id={params.get('id')} />;
}

const routes = [
  { path: paths.slideList, Component: SlideList },
  { path: paths.slideNew, Component: AddSlide },
  { path: paths.slideEdit, Component: EditRoute },
];

const rowOf = (title: string) => screen.getByRole('cell', { name: title }).closest('tr')!;
const rowTitles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]!.textContent);

describe(paths.slideList, () => {
  it('shows loading, then every slide in order with its real status', async () => {
    await clearSlides();
    await createSlide({ fields: slideInput({ thumbnail: 'Work', status: 'Published' }), image: jpeg });
    await createSlide({ fields: slideInput({ thumbnail: 'Study', status: 'Unpublished' }), image: jpeg });
    const release = h.hold();
    renderRoutes(routes, [paths.slideList], { toaster: true });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading slides…');
    release();
    await screen.findByRole('cell', { name: 'Work' });
    expect(rowTitles()).toEqual(['Work', 'Study']);
    expect(within(rowOf('Work')).getByText('Published')).toBeInTheDocument();
    expect(within(rowOf('Study')).getByText('Unpublished')).toBeInTheDocument();
    expect(within(rowOf('Work')).getByRole('img', { name: /Picture of slide/ })).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/media\/.*-320\.webp$/),
    );
  });

  it('says so when there are no slides', async () => {
    await clearSlides();
    renderRoutes(routes, [paths.slideList], { toaster: true });
    expect(await screen.findByText(/No slides yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add the first slide' })).toHaveAttribute('href', paths.slideNew);
  });

  it('shows "An unexpected error occurred" when the list cannot be fetched, and can try again', async () => {
    h.setOffline(true);
    renderRoutes(routes, [paths.slideList], { toaster: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(SLIDE.unexpected);
    h.setOffline(false);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('publishes and unpublishes a slide', async () => {
    await clearSlides();
    await createSlide({ fields: slideInput({ thumbnail: 'Toggle me', status: 'Published' }), image: jpeg });
    renderRoutes(routes, [paths.slideList], { toaster: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Unpublish “Toggle me”' }));
    expect(await within(rowOf('Toggle me')).findByText('Unpublished')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish “Toggle me”' }));
    expect(await within(rowOf('Toggle me')).findByText('Published')).toBeInTheDocument();
  });

  it('moves a slide down and up', async () => {
    await clearSlides();
    for (const thumbnail of ['One', 'Two', 'Three']) await createSlide({ fields: slideInput({ thumbnail }), image: jpeg });
    renderRoutes(routes, [paths.slideList], { toaster: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Move “One” down' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Two', 'One', 'Three']));
    await userEvent.click(screen.getByRole('button', { name: 'Move “Three” up' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Two', 'Three', 'One']));
    expect(screen.getByRole('button', { name: 'Move “Two” up' })).toBeDisabled();
  });

  it('deletes only after confirmation', async () => {
    await clearSlides();
    await createSlide({ fields: slideInput({ thumbnail: 'Keep' }), image: jpeg });
    await createSlide({ fields: slideInput({ thumbnail: 'Remove' }), image: jpeg });
    renderRoutes(routes, [paths.slideList], { toaster: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Remove”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this slide?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowTitles()).toEqual(['Keep', 'Remove']);

    await userEvent.click(screen.getByRole('button', { name: 'Delete “Remove”' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete slide' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Keep']));
    expect(await screen.findByText('Slide “Remove” deleted.')).toBeInTheDocument();
  });

  it('shows "Resource not found" when the slide was deleted elsewhere, and keeps the list as it was', async () => {
    await clearSlides();
    const gone = await createSlide({ fields: slideInput({ thumbnail: 'Gone' }), image: jpeg });
    renderRoutes(routes, [paths.slideList], { toaster: true });
    await screen.findByRole('cell', { name: 'Gone' });
    await deleteSlide(gone._id);
    await userEvent.click(screen.getByRole('button', { name: 'Unpublish “Gone”' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SLIDE.notFound);
    expect(rowTitles()).toEqual(['Gone']);
  });
});

describe(paths.slideNew, () => {
  it('starts at Published and shows each field rule in words', async () => {
    renderRoutes(routes, [paths.slideNew], { toaster: true });
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveValue('Published');
    expect(screen.getByRole('option', { name: 'Published' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Unpublished' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Link (optional)' }), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Add slide' }));
    expect(await screen.findByText(SLIDE_TEXTS.thumbnailRequired)).toBeInTheDocument();
    expect(screen.getByText(SLIDE_TEXTS.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(SLIDE_TEXTS.altTextRequired)).toBeInTheDocument();
    expect(screen.getByText(SLIDE_TEXTS.linkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Slide title' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the chosen file before uploading it', async () => {
    renderRoutes(routes, [paths.slideNew], { toaster: true });
    const input = await screen.findByLabelText('Image');
    const pdf = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, pdf, { applyAccept: false });
    expect(await screen.findByText(VALIDATION.imageTypeEdit)).toBeInTheDocument();
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, huge);
    expect(await screen.findByText(VALIDATION.imageTooLargeAdd)).toBeInTheDocument();
    await userEvent.upload(input, jpeg);
    expect(await screen.findByRole('img', { name: 'Preview of the chosen picture' })).toHaveAttribute('src', 'blob:preview');
    expect(screen.queryByText(VALIDATION.imageTooLargeAdd)).not.toBeInTheDocument();
  });

  it('requires an image', async () => {
    renderRoutes(routes, [paths.slideNew], { toaster: true });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Slide title' }), 'Title');
    await userEvent.type(screen.getByRole('textbox', { name: 'Slide text' }), 'Text');
    await userEvent.type(screen.getByRole('textbox', { name: 'Alt text' }), 'Alt');
    await userEvent.click(screen.getByRole('button', { name: 'Add slide' }));
    expect(await screen.findByText(SLIDE_TEXTS.imageRequired)).toBeInTheDocument();
  });

  async function fillAndSubmit(image: File, thumbnail: string) {
    await userEvent.type(await screen.findByRole('textbox', { name: 'Slide title' }), thumbnail);
    await userEvent.type(screen.getByRole('textbox', { name: 'Slide text' }), 'Jobs in construction and care.');
    await userEvent.upload(screen.getByLabelText('Image'), image);
    await userEvent.type(screen.getByRole('textbox', { name: 'Alt text' }), 'A crane over a building site');
    await userEvent.type(screen.getByRole('textbox', { name: 'Link (optional)' }), '/enquiry');
    await userEvent.click(screen.getByRole('button', { name: 'Add slide' }));
  }

  it('adds the slide as Published (the internal "active") and shows it in the list', async () => {
    await clearSlides();
    renderRoutes(routes, [paths.slideList], { toaster: true });
    await screen.findByText(/No slides yet/);
    await userEvent.click(screen.getByRole('link', { name: 'Add Slider' }));
    await fillAndSubmit(jpeg, 'Work in Canada');
    expect(await screen.findByRole('cell', { name: 'Work in Canada' })).toBeInTheDocument();
    expect(within(rowOf('Work in Canada')).getByText('Published')).toBeInTheDocument();
    expect(screen.getByText('Slide “Work in Canada” added.')).toBeInTheDocument();
    expect(h.sent.findLast((c) => c.url?.endsWith('/addSlider'))?.timeout).toBe(5_000);
  });

  it("shows the server's message when the add fails, and stays on the form", async () => {
    renderRoutes(routes, [paths.slideNew], { toaster: true });
    await fillAndSubmit(await gifFile('looks-like.jpg'), 'Refused');
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION.imageTypeEdit);
    expect(screen.getByRole('button', { name: 'Add slide' })).toBeEnabled();
    // A refusal is not retried: it has its message.
    expect(screen.queryByRole('button', { name: UPLOAD.retry })).toBeNull();
  });

  it('keeps the form after a dropped connection or a timeout, and Retry adds the slide once with what is on screen (ADR 0026)', async () => {
    await clearSlides();
    h.reset();
    h.signInAs(staff);
    h.fault('POST /api/slider/addSlider', 'network-error', 'timeout');
    renderRoutes(routes, [paths.slideNew], { toaster: true });
    await fillAndSubmit(jpeg, 'Kept on retry');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
    const retry = screen.getByRole('button', { name: UPLOAD.retry });
    expect(retry).toHaveAccessibleDescription(UPLOAD.connectionLost);
    expect(screen.getByRole('textbox', { name: 'Slide title' })).toHaveValue('Kept on retry');
    expect(screen.getByRole('img', { name: 'Preview of the chosen picture' })).toBeInTheDocument();
    // Retry sends the form as it is now: a field corrected meanwhile goes with it.
    const text = screen.getByRole('textbox', { name: 'Slide text' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Jobs in care homes.');
    await userEvent.click(retry);
    expect(await screen.findByRole('alert')).toHaveTextContent('timeout of 5000ms exceeded');
    await userEvent.click(screen.getByRole('button', { name: UPLOAD.retry }));
    expect(await screen.findByRole('cell', { name: 'Kept on retry' }, { timeout: 10_000 })).toBeInTheDocument();

    const posts = h.sentTo('POST /api/slider/addSlider');
    expect(posts.map((p) => p.outcome)).toEqual(['network-error', 'timeout', 201]);
    const picture = (n: number) => {
      const file = (posts[n]!.data as FormData).get('image') as File;
      return { name: file.name, size: file.size, type: file.type };
    };
    expect(picture(2)).toEqual(picture(0));
    expect((posts[2]!.data as FormData).get('title')).toBe('Jobs in care homes.');
    const stored = (await h.t.request({ method: 'GET', url: '/api/slider/fetchSlider', token: staff.token })).json() as Slide[];
    expect(stored.map((slide) => slide.thumbnail)).toEqual(['Kept on retry']);
  });
});

describe(paths.slideEdit, () => {
  it('goes back to the slide list without navigation state or an id', async () => {
    renderRoutes(routes, [paths.slideEdit], { toaster: true });
    expect(await screen.findByRole('heading', { name: 'Slider List' })).toBeInTheDocument();
  });

  it('loads the slide by the id in the address (after a reload) and saves changes', async () => {
    await clearSlides();
    const slide = await createSlide({ fields: slideInput({ thumbnail: 'Old title' }), image: jpeg });
    renderRoutes(routes, [`${paths.slideEdit}?id=${slide._id}`], { toaster: true });
    const title = await screen.findByRole('textbox', { name: 'Slide title' });
    expect(title).toHaveValue('Old title');
    expect(screen.getByRole('img', { name: slide.altText })).toHaveAttribute('src', slide.image);
    await userEvent.clear(title);
    await userEvent.type(title, 'New title');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Unpublished');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('cell', { name: 'New title' })).toBeInTheDocument();
    expect(within(rowOf('New title')).getByText('Unpublished')).toBeInTheDocument();
  });

  it('has every field of the add form, and "Shown on navbar", which it saves', async () => {
    await clearSlides();
    const labels = () => [...document.querySelectorAll('form label')].map((l) => l.textContent?.trim());
    renderRoutes(routes, [paths.slideNew], { toaster: true });
    await screen.findByRole('textbox', { name: 'Slide title' });
    const addLabels = labels().map((l) => l?.replace(/^Image.*/, 'Image'));
    cleanup();

    const slide = await createSlide({ fields: slideInput({ thumbnail: 'Navbar flag' }), image: jpeg });
    expect(slide.shownOnNavbar).toBe(false);
    renderRoutes(routes, [`${paths.slideEdit}?id=${slide._id}`], { toaster: true });
    await screen.findByRole('textbox', { name: 'Slide title' });
    const editLabels = labels().map((l) => l?.replace(/^Image.*/, 'Image'));
    expect(editLabels).toEqual([...addLabels, 'Shown on navbar']);
    // Every field shows the slide's value.
    expect(screen.getByRole('textbox', { name: 'Slide text' })).toHaveValue(slide.title);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue(slide.status);
    expect(screen.getByRole('textbox', { name: 'Alt text' })).toHaveValue(slide.altText);
    expect(screen.getByRole('textbox', { name: 'Link (optional)' })).toHaveValue(slide.link);
    const flag = screen.getByRole('checkbox', { name: 'Shown on navbar' });
    expect(flag).not.toBeChecked();

    await userEvent.click(flag);
    await userEvent.type(screen.getByRole('textbox', { name: 'Link (optional)' }), '/enquiry');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('cell', { name: 'Navbar flag' })).toBeInTheDocument();
    const saved = (await h.t.request({ method: 'GET', url: `/api/slider/fetchSlider/${slide._id}`, token: staff.token })).json() as Slide;
    expect(saved).toMatchObject({ shownOnNavbar: true, link: '/enquiry' });
    const sent = h.sentTo(`PUT /api/slider/updateSlider/${slide._id}`).at(-1)!.data;
    expect(sent).toMatchObject({ shownOnNavbar: true });
  });

  it('works from the navigation state the list hands over, and can replace the picture', async () => {
    await clearSlides();
    const slide = await createSlide({ fields: slideInput({ thumbnail: 'From state' }), image: jpeg });
    renderRoutes(routes, [paths.slideList], { toaster: true });
    await userEvent.click(await screen.findByRole('link', { name: 'Edit “From state”' }));
    await userEvent.upload(
      await screen.findByLabelText('Image (leave empty to keep the current picture)'),
      await pictureFile('new.jpg', 800, 400),
    );
    // The picture is made ready for upload first (ADR 0026); Save waits for it.
    await screen.findByRole('img', { name: 'Preview of the chosen picture' });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    // Replacing the picture makes all its sizes on the server: seconds on a busy machine.
    const img = await within(await screen.findByRole('row', { name: /From state/ }, { timeout: 10_000 })).findByRole('img');
    expect(img.getAttribute('src')).not.toBe(slide.imageSet.find((s) => s.width === 320)?.url);
  });

  it('keeps the form when the new picture does not get through, and Retry saves the fields and the picture (ADR 0026)', async () => {
    await clearSlides();
    h.reset();
    h.signInAs(staff);
    const slide = await createSlide({ fields: slideInput({ thumbnail: 'Before' }), image: jpeg });
    h.fault(`PUT /api/slider/updateSliderImage/${slide._id}`, 'network-error');
    renderRoutes(routes, [`${paths.slideEdit}?id=${slide._id}`], { toaster: true });
    const title = await screen.findByRole('textbox', { name: 'Slide title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'After');
    await userEvent.upload(
      screen.getByLabelText('Image (leave empty to keep the current picture)'),
      await pictureFile('new.jpg', 800, 400),
    );
    await screen.findByRole('img', { name: 'Preview of the chosen picture' });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SLIDE.unexpected);
    const retry = screen.getByRole('button', { name: UPLOAD.retry });
    expect(retry).toHaveAccessibleDescription(UPLOAD.connectionLost);
    expect(screen.getByRole('textbox', { name: 'Slide title' })).toHaveValue('After');

    await userEvent.click(retry);
    const img = await within(await screen.findByRole('row', { name: /After/ }, { timeout: 10_000 })).findByRole('img');
    expect(img.getAttribute('src')).not.toBe(slide.imageSet.find((s) => s.width === 320)?.url);
    expect(h.sentTo(`PUT /api/slider/updateSlider/${slide._id}`).map((r) => r.outcome)).toEqual([200, 200]);
    expect(h.sentTo(`PUT /api/slider/updateSliderImage/${slide._id}`).map((r) => r.outcome)).toEqual(['network-error', 200]);
  });

  it('goes back to the slide list with "Resource not found" for an id nobody knows', async () => {
    renderRoutes(routes, [`${paths.slideEdit}?id=ffffffffffffffffffffffff`], { toaster: true });
    expect(await screen.findByRole('heading', { name: 'Slider List' })).toBeInTheDocument();
    expect(await screen.findByText(SLIDE.notFound)).toBeInTheDocument();
  });
});
