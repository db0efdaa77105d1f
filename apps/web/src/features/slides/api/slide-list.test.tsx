import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TIMEOUTS } from '@visa/shared/constants';
import { SLIDE } from '@visa/shared/ui-texts';
import { SLIDE_TEXTS, type Slide } from '@visa/shared/slides';
import { type Staff, apiHarnessForFile } from '../../../../test/api-harness';
import { HttpError } from '../../../lib/http';
import { gifFile } from '../../../../test/files';
import { pictureFile, slideInput } from '../test/fixtures';
import { createSlide, useCreateSlide } from './create-slide';
import { deleteSlide, useDeleteSlide } from './delete-slide';
import { useSlideList } from './get-slides';
import { addSlideErrorMessage, slideErrorMessage } from './slide-errors';
import { appendSlide, removeSlide, replaceSlide } from './slide-list-cache';
import { updateSlide, useUpdateSlide } from './update-slide';

const h = apiHarnessForFile({ reset: false });
let staff: Staff;
let jpegImage: File;
let gifImage: File;
beforeAll(async () => {
  staff = await h.signIn();
  jpegImage = await pictureFile();
  gifImage = await gifFile();
});
beforeEach(() => h.signInAs(staff));

const slide = (id: string, thumbnail = id): Slide => ({
  _id: id,
  thumbnail,
  title: '',
  image: null,
  imageSet: [],
  status: 'Published',
  published: true,
  shownOnNavbar: false,
  link: '',
  altText: '',
  position: 0,
  createdAt: '',
  updatedAt: '',
});

describe('list updates (pure)', () => {
  const list = [slide('a'), slide('b'), slide('c')];

  it('an add appends the returned item', () => {
    expect(appendSlide(list, slide('d'))?.map((s) => s._id)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('an update replaces the item with the same _id, in place', () => {
    const next = replaceSlide(list, slide('b', 'changed'));
    expect(next?.map((s) => [s._id, s.thumbnail])).toEqual([
      ['a', 'a'],
      ['b', 'changed'],
      ['c', 'c'],
    ]);
  });
  it('a delete removes the item with the sent _id', () => {
    expect(removeSlide(list, 'b')?.map((s) => s._id)).toEqual(['a', 'c']);
  });
  it('leaves a list that was never loaded alone', () => {
    expect(appendSlide(undefined, slide('a'))).toBeUndefined();
    expect(replaceSlide(undefined, slide('a'))).toBeUndefined();
    expect(removeSlide(undefined, 'a')).toBeUndefined();
  });
});

describe('error messages', () => {
  const config = { method: 'POST' as const, url: '/api/slider/addSlider' };
  const withResponse = (status: number, data: unknown) =>
    new HttpError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, { status, data, headers: {}, config });

  it('fetch, update and delete: 404 is "Resource not found"', () => {
    expect(slideErrorMessage(withResponse(404, { message: 'Not found' }))).toBe(SLIDE.notFound);
  });
  it('fetch, update and delete: no response body is "An unexpected error occurred"', () => {
    expect(slideErrorMessage({ message: 'Network Error' })).toBe(SLIDE.unexpected);
    expect(slideErrorMessage(withResponse(502, ''))).toBe(SLIDE.unexpected);
  });
  it("fetch, update and delete: otherwise the server's message", () => {
    expect(slideErrorMessage(withResponse(400, { message: SLIDE_TEXTS.linkInvalid }))).toBe(SLIDE_TEXTS.linkInvalid);
  });
  it("add: the server's response body, or the error message when there was no response", () => {
    expect(addSlideErrorMessage(withResponse(415, { message: 'Invalid file type.' }))).toBe('Invalid file type.');
    expect(addSlideErrorMessage({ message: 'timeout of 5000ms exceeded', code: 'ECONNABORTED' })).toBe('timeout of 5000ms exceeded');
  });
});

function renderSlideList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(
    ({ enabled }: { enabled: boolean }) => ({
      list: useSlideList({ enabled }),
      add: useCreateSlide(),
      update: useUpdateSlide(),
      remove: useDeleteSlide(),
    }),
    { wrapper, initialProps: { enabled: true } },
  );
}

/** The slide list once loaded, straight from the server (not through the hook under test). */
async function serverList(): Promise<Slide[]> {
  const res = await h.t.request({ method: 'GET', url: '/api/slider/fetchSlider', token: staff.token });
  return res.json() as Slide[];
}

async function loaded() {
  const view = renderSlideList();
  await waitFor(() => expect(view.result.current.list.status).toBe('succeeded'));
  return view;
}

const ids = (slides: Slide[]) => slides.map((s) => s._id);

describe('slide list loading (against the real API)', () => {
  it('is idle before the first fetch', () => {
    const { result } = renderSlideList();
    const disabled = renderHook(() => useSlideList({ enabled: false }), {
      wrapper: ({ children }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>,
    });
    expect(disabled.result.current.status).toBe('idle');
    expect(result.current.list.status).toBe('loading');
  });

  it('is loading while the fetch is pending, then succeeded with the list replaced by the response', async () => {
    await createSlide({ fields: slideInput({ thumbnail: 'Loaded' }), image: jpegImage });
    const release = h.hold();
    const { result } = renderSlideList();
    await waitFor(() => expect(result.current.list.status).toBe('loading'));
    expect(result.current.list.slides).toEqual([]);
    release();
    await waitFor(() => expect(result.current.list.status).toBe('succeeded'));
    expect(result.current.list.slides).toEqual(await serverList());

    // Another member of staff adds a slide; a new fetch replaces the whole list.
    await createSlide({ fields: slideInput({ thumbnail: 'Added elsewhere' }), image: jpegImage });
    act(() => result.current.list.reload());
    await waitFor(() => expect(result.current.list.slides.map((s) => s.thumbnail)).toContain('Added elsewhere'));
    expect(result.current.list.slides).toEqual(await serverList());
    expect(result.current.list.error).toBeNull();
  });

  it('is failed with the error message kept when the fetch fails', async () => {
    h.setOffline(true);
    try {
      const { result } = renderSlideList();
      // A dropped connection is retried once (a second later) before the list counts as failed.
      await waitFor(() => expect(result.current.list.status).toBe('failed'));
      expect(result.current.list.error).toBe(SLIDE.unexpected);
    } finally {
      h.setOffline(false);
    }
  });
});

describe('add, update and delete change the list only when they succeed (against the real API)', () => {
  it('a pending add changes nothing; a successful add appends the returned item', async () => {
    const { result } = await loaded();
    const before = result.current.list.slides;
    const release = h.hold();
    const sentBefore = h.sent.length;
    act(() => result.current.add.mutate({ fields: slideInput({ thumbnail: 'Appended' }), image: jpegImage }));
    await waitFor(() => expect(h.sent.length).toBe(sentBefore + 1));
    expect(result.current.add.isPending).toBe(true);
    expect(result.current.list.slides).toBe(before);
    expect(h.sent.at(-1)?.timeout).toBe(TIMEOUTS.addSlide);
    release();
    await waitFor(() => expect(result.current.add.isSuccess).toBe(true));
    const created = result.current.add.data!;
    expect(result.current.list.slides).toEqual([...before, created]);
    expect(created.thumbnail).toBe('Appended');
    expect(ids(result.current.list.slides)).toEqual(ids(await serverList()));
  });

  it("a failed add changes nothing and keeps the server's response body", async () => {
    const { result } = await loaded();
    const before = result.current.list.slides;
    act(() => result.current.add.mutate({ fields: slideInput(), image: gifImage }));
    await waitFor(() => expect(result.current.add.isError).toBe(true));
    expect(addSlideErrorMessage(result.current.add.error)).toBe('Invalid file type. Only JPEG, JPG, and PNG are allowed.');
    expect(result.current.list.slides).toBe(before);
  });

  it('a failed add without a response changes nothing and keeps the error message', async () => {
    const { result } = await loaded();
    const before = result.current.list.slides;
    h.setOffline(true);
    try {
      act(() => result.current.add.mutate({ fields: slideInput(), image: jpegImage }));
      await waitFor(() => expect(result.current.add.isError).toBe(true));
    } finally {
      h.setOffline(false);
    }
    expect(addSlideErrorMessage(result.current.add.error)).toBe('Network Error');
    expect(result.current.list.slides).toBe(before);
  });

  it('a pending update changes nothing; a successful one replaces the item with the same _id', async () => {
    const target = await createSlide({ fields: slideInput({ thumbnail: 'Before' }), image: jpegImage });
    const { result } = await loaded();
    const before = result.current.list.slides;
    const release = h.hold();
    act(() => result.current.update.mutate({ _id: target._id, changes: { thumbnail: 'After', published: false } }));
    await waitFor(() => expect(result.current.update.isPending).toBe(true));
    expect(result.current.list.slides).toBe(before);
    release();
    await waitFor(() => expect(result.current.update.isSuccess).toBe(true));
    const after = result.current.list.slides;
    expect(ids(after)).toEqual(ids(before));
    const index = before.findIndex((s) => s._id === target._id);
    expect(after[index]).toEqual(result.current.update.data);
    expect(after[index]).toMatchObject({ thumbnail: 'After', status: 'Unpublished' });
    expect(after.filter((_, i) => i !== index)).toEqual(before.filter((_, i) => i !== index));
  });

  it('a failed update changes nothing: "Resource not found" on 404, "An unexpected error occurred" without a response', async () => {
    const gone = await createSlide({ fields: slideInput(), image: jpegImage });
    const { result } = await loaded();
    const before = result.current.list.slides;
    await deleteSlide(gone._id);
    act(() => result.current.update.mutate({ _id: gone._id, changes: { thumbnail: 'Too late' } }));
    await waitFor(() => expect(result.current.update.isError).toBe(true));
    expect(slideErrorMessage(result.current.update.error)).toBe(SLIDE.notFound);
    expect(result.current.list.slides).toBe(before);

    h.setOffline(true);
    try {
      act(() => result.current.update.mutate({ _id: before[0]!._id, changes: { thumbnail: 'Offline' } }));
      await waitFor(() => expect(result.current.update.error).not.toBeNull());
      expect(slideErrorMessage(result.current.update.error)).toBe(SLIDE.unexpected);
    } finally {
      h.setOffline(false);
    }
    expect(result.current.list.slides).toBe(before);
  });

  it('a pending delete changes nothing; a successful one removes the item with the sent _id', async () => {
    const target = await createSlide({ fields: slideInput({ thumbnail: 'Doomed' }), image: jpegImage });
    const { result } = await loaded();
    const before = result.current.list.slides;
    const release = h.hold();
    act(() => result.current.remove.mutate(target._id));
    await waitFor(() => expect(result.current.remove.isPending).toBe(true));
    expect(result.current.list.slides).toBe(before);
    release();
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true));
    expect(result.current.list.slides).toEqual(before.filter((s) => s._id !== target._id));
  });

  it('a failed delete changes nothing and says "Resource not found" on 404', async () => {
    const target = await createSlide({ fields: slideInput(), image: jpegImage });
    const { result } = await loaded();
    const before = result.current.list.slides;
    await deleteSlide(target._id);
    act(() => result.current.remove.mutate(target._id));
    await waitFor(() => expect(result.current.remove.isError).toBe(true));
    expect(slideErrorMessage(result.current.remove.error)).toBe(SLIDE.notFound);
    expect(result.current.list.slides).toBe(before);
  });

  it('an update sent with the whole item minus _id is accepted by the server', async () => {
    const target = await createSlide({ fields: slideInput(), image: jpegImage });
    const { _id, ...rest } = target;
    const updated = await updateSlide({ _id, changes: { ...rest, thumbnail: 'Whole item' } });
    expect(updated).toMatchObject({ _id, thumbnail: 'Whole item' });
  });
});
