import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Slide } from '@visa/shared/slides';
import { LocaleContext } from '../../../lib/i18n';
import { en } from '../../../lib/locales/en';
import { createSlide } from '../api/create-slide';
import { deleteSlide } from '../api/delete-slide';
import { type Staff, apiHarnessForFile } from '../../../../test/api-harness';
import { pictureFile, slideInput } from '../test/fixtures';
import { installMatchMedia, renderRoutes } from '../../../../test/render';
import { CAROUSEL_TEXT } from './carousel-text';
import { HomeCarousel, ROTATION_MS } from './home-carousel';

const h = apiHarnessForFile({ reset: false });
let staff: Staff;
let jpeg: File;
beforeAll(async () => {
  staff = await h.signIn();
  jpeg = await pictureFile();
});
beforeEach(() => {
  // A member of staff browsing the home page: their token must not change what they see.
  h.signInAs(staff);
  installMatchMedia();
  // Only timeouts are faked (the rotation); they also advance with real time so the API answers.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const text = CAROUSEL_TEXT.en;

async function setSlides(specs: { thumbnail: string; status?: 'Published' | 'Unpublished'; link?: string }[]): Promise<Slide[]> {
  const res = await h.t.request({ method: 'GET', url: '/api/slider/fetchSlider', token: staff.token });
  for (const slide of res.json() as Slide[]) await deleteSlide(slide._id);
  const created: Slide[] = [];
  for (const spec of specs) {
    created.push(
      await createSlide({ fields: slideInput({ status: 'Published', ...spec, altText: `Alt of ${spec.thumbnail}` }), image: jpeg }),
    );
  }
  return created;
}

const renderCarousel = (language: 'en' | 'bn' = 'en') =>
  renderRoutes(
    [
      {
        path: '/',
        Component: () => (
          <LocaleContext.Provider value={{ language, texts: en, linkLanguage: language }}>
            <HomeCarousel />
          </LocaleContext.Provider>
        ),
      },
    ],
    ['/'],
    { toaster: true },
  );

const carousel = () => screen.getByRole('region', { name: text.label });
const visibleSlide = () =>
  within(carousel())
    .getAllByRole('group')
    .find((g) => !g.hidden)!;

describe('home carousel', () => {
  it('shows a same-size placeholder while the slides load', async () => {
    await setSlides([]);
    const release = h.hold();
    renderCarousel();
    expect(await screen.findByRole('status')).toHaveTextContent(text.loading);
    release();
    await screen.findByRole('region', { name: text.label });
  });

  it('shows the four built-in pictures, in AVIF and WebP with a JPEG fallback, when nothing is published', async () => {
    await setSlides([{ thumbnail: 'Draft', status: 'Unpublished' }]);
    renderCarousel();
    await screen.findByRole('region', { name: text.label });
    const groups = within(carousel()).getAllByRole('group', { hidden: true });
    expect(groups).toHaveLength(4);
    expect(groups.filter((g) => !g.hidden)).toHaveLength(1);
    const img = within(visibleSlide()).getByRole('img', { name: text.builtIn.rockies });
    expect(img).toHaveAttribute('src', '/carousel/rockies-1024.jpg');
    expect(img).toHaveAttribute('loading', 'lazy');
    const sources = visibleSlide().querySelectorAll('source');
    expect([...sources].map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.srcset).toBe(
      '/carousel/rockies-640.avif 640w, /carousel/rockies-1024.avif 1024w, /carousel/rockies-1600.avif 1600w',
    );
    expect(screen.queryByText('Draft')).not.toBeInTheDocument();
  });

  it('shows only the published slides, in display order, with title, text and link, fetched without the staff token', async () => {
    const [first] = await setSlides([
      { thumbnail: 'Work permits', link: '/enquiry' },
      { thumbnail: 'Hidden draft', status: 'Unpublished' },
      { thumbnail: 'Student visas' },
    ]);
    renderCarousel();
    const slide = await screen.findByRole('group', { name: '1 of 2' });
    expect(within(slide).getByText('Work permits')).toBeInTheDocument();
    expect(within(slide).getByText(first!.title)).toBeInTheDocument();
    expect(within(slide).getByRole('link', { name: `${text.learnMore}: Work permits` })).toHaveAttribute('href', '/enquiry');
    expect(within(slide).getByRole('img', { name: 'Alt of Work permits' })).toHaveAttribute('src', first!.image);
    const avif = slide.querySelector('source[type="image/avif"]')!;
    expect(avif.getAttribute('srcset')).toContain(first!.imageSet.find((s) => s.type === 'image/avif')!.url);
    expect(screen.queryByText('Hidden draft')).not.toBeInTheDocument();

    const request = h.fetched.findLast((c) => c.url.endsWith('/fetchSlider'));
    expect(request?.headers.has('authorization')).toBe(false);
  });

  it('moves with the buttons and the arrow keys, and says which slide is shown', async () => {
    await setSlides([{ thumbnail: 'One' }, { thumbnail: 'Two' }, { thumbnail: 'Three' }]);
    renderCarousel();
    await screen.findByRole('group', { name: '1 of 3' });
    await userEvent.click(screen.getByRole('button', { name: text.next }));
    expect(within(visibleSlide()).getByText('Two')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text.previous }));
    await userEvent.click(screen.getByRole('button', { name: text.previous }));
    expect(within(visibleSlide()).getByText('Three')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(visibleSlide()).getByText('One')).toBeInTheDocument();
    expect(visibleSlide()).toHaveAccessibleName('1 of 3');
  });

  it('advances by itself, pauses and plays with its control, and announces slides only when paused', async () => {
    await setSlides([{ thumbnail: 'One' }, { thumbnail: 'Two' }]);
    renderCarousel();
    await screen.findByRole('group', { name: '1 of 2' });
    const slides = carousel().querySelector('[aria-live]')!;
    expect(slides).toHaveAttribute('aria-live', 'off');
    act(() => vi.advanceTimersByTime(ROTATION_MS));
    expect(within(visibleSlide()).getByText('Two')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: text.pause }));
    await userEvent.unhover(carousel());
    expect(slides).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(ROTATION_MS * 3));
    expect(within(visibleSlide()).getByText('Two')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: text.play }));
    await userEvent.unhover(carousel());
    act(() => vi.advanceTimersByTime(ROTATION_MS));
    expect(within(visibleSlide()).getByText('One')).toBeInTheDocument();
  });

  it('stops rotating when keyboard focus arrives, until Play is pressed', async () => {
    await setSlides([{ thumbnail: 'One' }, { thumbnail: 'Two' }]);
    renderCarousel();
    await screen.findByRole('group', { name: '1 of 2' });
    await userEvent.tab();
    expect(screen.getByRole('button', { name: text.play })).toHaveFocus();
    act(() => vi.advanceTimersByTime(ROTATION_MS * 2));
    expect(within(visibleSlide()).getByText('One')).toBeInTheDocument();
  });

  it('does not move by itself for visitors who prefer reduced motion', async () => {
    installMatchMedia((query) => query.includes('prefers-reduced-motion: reduce'));
    await setSlides([{ thumbnail: 'One' }, { thumbnail: 'Two' }]);
    renderCarousel();
    await screen.findByRole('group', { name: '1 of 2' });
    expect(screen.getByRole('button', { name: text.play })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(ROTATION_MS * 3));
    expect(within(visibleSlide()).getByText('One')).toBeInTheDocument();
  });

  it('falls back to the built-in pictures when the slides cannot be fetched', async () => {
    h.setOffline(true);
    try {
      renderCarousel();
      await waitFor(() => expect(screen.getByRole('img', { name: text.builtIn.rockies })).toBeInTheDocument());
    } finally {
      h.setOffline(false);
    }
  });

  it('speaks Bengali on Bengali pages', async () => {
    await setSlides([{ thumbnail: 'One' }, { thumbnail: 'Two' }]);
    renderCarousel('bn');
    const bn = CAROUSEL_TEXT.bn;
    expect(await screen.findByRole('group', { name: '২টির মধ্যে ১ নম্বর' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: bn.label })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: bn.next })).toBeInTheDocument();
  });
});
