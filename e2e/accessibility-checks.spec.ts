import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/test';

/**
 * The checks every other journey relies on can fail: the accessibility scan and the check for
 * Bootstrap rules the build left out each find what is planted on a page, both on a document they
 * have not read yet and on one they have already read (where axe and Bootstrap's selectors are kept).
 */
test('the accessibility scan and the Bootstrap check find what is wrong on a page', async ({ page }) => {
  const plantPicture = () =>
    page.evaluate(() => {
      const picture = document.createElement('img');
      picture.id = 'planted-picture';
      picture.src = '/favicon.ico';
      document.body.append(picture);
    });
  // A Bootstrap class whose rules no source uses, so the build left them out.
  const plantWave = () =>
    page.evaluate(() => {
      const wave = document.createElement('p');
      wave.id = 'planted-wave';
      wave.className = 'placeholder-wave';
      wave.textContent = 'Loading';
      document.body.append(wave);
    });
  const remove = (id: string) => page.evaluate((id) => document.getElementById(id)!.remove(), id);

  // A document neither check has read yet.
  await page.goto('/about');
  await plantPicture();
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt: .*#planted-picture/);
  await remove('planted-picture');
  await expectNoAxeViolations(page);

  // The same document, read already: axe and Bootstrap's selectors are kept on it.
  await plantWave();
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/\.placeholder-wave/);
  await remove('planted-wave');
  await plantPicture();
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt: .*#planted-picture/);

  // A new document again, for the Bootstrap check's first reading.
  await page.goto('/about');
  await plantWave();
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/\.placeholder-wave/);
});
