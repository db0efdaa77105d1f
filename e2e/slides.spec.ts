import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { UPLOAD } from '@visa/shared/ui-texts';
import { expectNoAxeViolations } from './support/axe';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/** A real JPEG as a phone would upload it: wide, with some detail. */
async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="600" cy="500" r="260" fill="#b91c1c"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The carousel is loaded when the visitor scrolls near it. */
async function homeCarousel(page: Page) {
  await page.goto('/');
  const region = page.getByRole('region', { name: 'Slideshow' });
  await page.locator('.carousel-placeholder, .home-carousel').first().scrollIntoViewIfNeeded();
  await expect(region).toBeVisible();
  await region.scrollIntoViewIfNeeded();
  return region;
}

/** Staff calls straight to the API, with the page's token and anti-forgery cookie. */
async function staffApi(page: Page, request: APIRequestContext, token: string) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
  return {
    headers,
    /** The titles of every slide, in display order. */
    async titles() {
      return ((await (await request.get('/api/slider/fetchSlider', { headers })).json()) as { thumbnail: string }[]).map(
        (s) => s.thumbnail,
      );
    },
    /** Starts a journey from a known state, whatever an earlier one left behind. */
    async deleteAllSlides() {
      const existing = (await (await request.get('/api/slider/fetchSlider', { headers })).json()) as { _id: string }[];
      for (const slide of existing) expect((await request.delete(`/api/slider/deleteSlider/${slide._id}`, { headers })).status()).toBe(200);
    },
  };
}

const slideRow = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });

test('a slide added in the back office shows on the home page; unpublished or deleted, it is gone', async ({ page, request }) => {
  // Ten page loads, six axe scans and a dropped send: more than the default on a busy machine.
  test.setTimeout(60_000);
  const title = `Work permits ${Date.now().toString(36)}`;
  const api = await staffApi(page, request, await signInViaApi(page));
  await api.deleteAllSlides();

  // Nothing published yet: the four built-in pictures.
  const before = await homeCarousel(page);
  await expect(before.getByRole('img', { name: /Canadian Rockies/ })).toBeVisible();

  await page.goto('/addSliders');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Published');
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Slide title' }).fill(title);
  await page.getByRole('textbox', { name: 'Slide text' }).fill('Construction, care and hospitality jobs with an LMIA.');
  await page.getByLabel('Image').setInputFiles({ name: 'work.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Alt text' }).fill('A crane over a building site at sunset');
  await page.getByRole('textbox', { name: 'Link (optional)' }).fill('/enquiry');

  // The first send meets a dropped connection: the form is kept, and Retry adds the slide once (ADR 0026).
  let posts = 0;
  await page.route('**/api/slider/addSlider', async (route) => {
    posts += 1;
    if (posts === 1) await route.abort('internetdisconnected');
    else await route.continue();
  });
  await page.getByRole('button', { name: 'Add slide' }).click();
  const retry = page.getByRole('button', { name: UPLOAD.retry });
  await expect(retry).toHaveAccessibleDescription(UPLOAD.connectionLost);
  await expect(page.getByRole('textbox', { name: 'Slide title' })).toHaveValue(title);
  await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await api.titles()).toEqual([]);
  await retry.click();

  await expect(page).toHaveURL(/\/slider$/);
  expect(posts).toBe(2);
  expect(await api.titles()).toEqual([title]);
  await expect(slideRow(page, title).getByText('Published', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // On the home page, with its picture loaded in a modern format from /media.
  const carousel = await homeCarousel(page);
  await expect(carousel.getByText(title, { exact: true })).toBeVisible();
  const picture = carousel.getByRole('img', { name: 'A crane over a building site at sunset' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/slide-[0-9a-f-]+-\d+\.avif$/);
  await expect(carousel.getByRole('link', { name: `Learn more: ${title}` })).toHaveAttribute('href', '/enquiry');
  await expect(carousel.getByRole('img', { name: /Canadian Rockies/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Edit: reached from the list, and again after a reload (no navigation state left).
  await page.goto('/slider');
  await slideRow(page, title)
    .getByRole('link', { name: `Edit “${title}”` })
    .click();
  await expect(page.getByRole('textbox', { name: 'Slide title' })).toHaveValue(title);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Slide title' })).toHaveValue(title);
  // Every field of the add form is there, and "Shown on navbar" too (updateSlider takes it).
  for (const name of ['Slide text', 'Alt text', 'Link (optional)']) await expect(page.getByRole('textbox', { name })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Published');
  await expect(page.getByRole('checkbox', { name: 'Shown on navbar' })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: 'Shown on navbar' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(slideRow(page, title)).toBeVisible();
  await slideRow(page, title)
    .getByRole('link', { name: `Edit “${title}”` })
    .click();
  await expect(page.getByRole('checkbox', { name: 'Shown on navbar' })).toBeChecked();

  // Unpublished: gone from the home page, which falls back to the built-in pictures.
  await page.goto('/slider');
  await slideRow(page, title)
    .getByRole('button', { name: `Unpublish “${title}”` })
    .click();
  await expect(slideRow(page, title).getByText('Unpublished', { exact: true })).toBeVisible();
  const afterUnpublish = await homeCarousel(page);
  await expect(afterUnpublish.getByRole('img', { name: /Canadian Rockies/ })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  // Deleted after confirmation: gone from the list, and its picture is no longer served.
  await page.goto('/slider');
  const imageUrl = await slideRow(page, title).getByRole('img').getAttribute('src');
  await slideRow(page, title)
    .getByRole('button', { name: `Delete “${title}”` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this slide?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete slide' }).click();
  await expect(slideRow(page, title)).toHaveCount(0);
  expect((await page.request.get(imageUrl!)).status()).toBe(404);
  const afterDelete = await homeCarousel(page);
  await expect(afterDelete.getByRole('img', { name: /Canadian Rockies/ })).toBeVisible();
});

test('/editSlider without a slide goes back to the list', async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/editSlider');
  await expect(page).toHaveURL(/\/slider$/);
  await expect(page.getByRole('heading', { name: 'Slider List' })).toBeVisible();
});

test('the carousel can be paused, and moves with the keyboard', async ({ page, request }) => {
  const api = await staffApi(page, request, await signInViaApi(page));
  const { headers } = api;
  await api.deleteAllSlides();
  const ids: string[] = [];
  for (const name of ['First', 'Second']) {
    const res = await request.post('/api/slider/addSlider', {
      headers,
      multipart: {
        thumbnail: `${name} slide`,
        title: 'Text',
        status: 'Published',
        altText: `${name} picture`,
        image: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await photo() },
      },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { _id: string })._id);
  }
  try {
    // The carousel takes exactly the room the prerendered placeholder held: nothing below it moves.
    await page.goto('/');
    const held = await page.locator('.carousel-placeholder').first().boundingBox();
    const carousel = await homeCarousel(page);
    const box = await carousel.boundingBox();
    expect(held && box && [Math.round(box.width - held.width), Math.round(box.height - held.height)]).toEqual([0, 0]);

    await carousel.getByRole('button', { name: 'Pause the slideshow' }).click();
    await expect(carousel.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();
    await expect(carousel.getByRole('group', { name: '1 of 2' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(carousel.getByRole('group', { name: '2 of 2' })).toBeVisible();
    await expect(carousel.getByText('Second slide')).toBeVisible();
    await expectNoAxeViolations(page);

    // The Bengali home page has the same carousel, in Bengali.
    await page.goto('/bn');
    await page.locator('.carousel-placeholder').first().scrollIntoViewIfNeeded();
    const bengali = page.getByRole('region', { name: 'স্লাইডশো' });
    await expect(bengali.getByRole('group', { name: '২টির মধ্যে ১ নম্বর' })).toBeVisible();
    await expect(bengali.getByRole('button', { name: 'পরের স্লাইড' })).toBeVisible();
  } finally {
    for (const id of ids) {
      await request.delete(`/api/slider/deleteSlider/${id}`, { headers });
    }
  }
});
