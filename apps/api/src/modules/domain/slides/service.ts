import { randomBytes } from 'node:crypto';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { SLIDE, VALIDATION } from '@visa/shared/ui-texts';
import { SLIDE_TEXTS, type Slide, SlideInputSchema, type SlideUpdate } from '@visa/shared/slides';
import type { AppContext } from '../../../context.js';
import { HttpError, badRequest, conflict, invalidInput } from '../../../lib/http-error.js';
import { newId } from '../../../lib/ids.js';
import { ImageDecodeError } from '../../../lib/images.js';
import type { Actor } from '../../../plugins/auth.js';
import { removeStoredFiles } from '../../../infra/storage/remove.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { SlideImageTooManyPixelsError, SlideImageTypeError, makeSlideVariants } from './images.js';
import {
  type StoredVariant,
  deleteSlideRow,
  findSlideRow,
  getSlide,
  insertSlide,
  listSlides,
  reorderSlideRows,
  replaceSlideImage,
  updateSlideRow,
} from './repository.js';
import type { SlideUpload } from './upload.js';

const notFound = () => new HttpError(404, SLIDE.notFound);

/** The slides in display order: the published ones only, for visitors. */
export const listSlidesFor = (ctx: AppContext, audience: { publishedOnly: boolean }): Promise<Slide[]> => listSlides(ctx.db, audience);

/** One slide, for the edit page; 404 when it is gone. */
export async function fetchSlide(ctx: AppContext, id: string): Promise<Slide> {
  const slide = await getSlide(ctx.db, id);
  if (!slide) throw notFound();
  return slide;
}

/** Turns an uploaded picture into stored public files; nothing is left behind when a step fails. */
async function storeImage(ctx: AppContext, slideId: string, upload: Buffer): Promise<{ imageKey: string; variants: StoredVariant[] }> {
  let variants;
  try {
    variants = await makeSlideVariants(upload);
  } catch (err) {
    if (err instanceof SlideImageTypeError) throw new HttpError(415, VALIDATION.imageTypeEdit);
    if (err instanceof SlideImageTooManyPixelsError) throw new HttpError(413, SLIDE_TEXTS.imageTooManyPixels);
    if (err instanceof ImageDecodeError) throw badRequest(SLIDE_TEXTS.imageUnreadable);
    throw err;
  }
  // A fresh batch name per upload: public files are cached for a year, so a key is never reused.
  const batch = randomBytes(4).toString('hex');
  const stored: StoredVariant[] = variants.map((v) => ({
    key: `public/slide-${slideId}-${batch}-${v.width}.${v.ext}`,
    type: v.type,
    width: v.width,
    height: v.height,
  }));
  const results = await Promise.allSettled(variants.map((v, i) => ctx.storage.put(stored[i]!.key, v.bytes, v.type)));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await removeStoredFiles(
      ctx.storage,
      stored.map((s) => s.key),
      ctx.log,
    );
    throw failure.reason;
  }
  const fallback = stored.filter((s) => s.type === 'image/jpeg').at(-1) ?? stored.at(-1)!;
  return { imageKey: fallback.key, variants: stored };
}

/** The keys of every stored file of an image. */
const keysOf = (image: { variants: StoredVariant[] }) => image.variants.map((v) => v.key);

export async function createSlide(ctx: AppContext, actor: Actor, upload: SlideUpload): Promise<Slide> {
  // Text first: a typo in the title should not cost an image conversion.
  const parsed = SlideInputSchema.safeParse(upload.fields);
  if (!parsed.success) throw invalidInput(parsed.error);
  if (!upload.image) throw badRequest(SLIDE_TEXTS.imageRequired, [{ path: 'image', message: SLIDE_TEXTS.imageRequired }]);

  const id = newId();
  const image = await storeImage(ctx, id, upload.image);
  let slide: Slide;
  try {
    slide = await insertSlide(ctx.db, { id, ...parsed.data, ...image });
  } catch (err) {
    await removeStoredFiles(ctx.storage, keysOf(image), ctx.log);
    throw err;
  }
  await recordAudit(ctx.db, {
    actorUserId: actor._id,
    action: AUDIT_ACTIONS.slide.create,
    entity: AUDIT_ENTITIES.slide,
    entityId: id,
    details: { status: slide.status },
  });
  return slide;
}

export async function updateSlide(ctx: AppContext, actor: Actor, id: string, changes: SlideUpdate): Promise<Slide> {
  const slide = await updateSlideRow(ctx.db, id, changes);
  if (!slide) throw notFound();
  const fields = Object.entries(changes)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  await recordAudit(ctx.db, {
    actorUserId: actor._id,
    action: AUDIT_ACTIONS.slide.update,
    entity: AUDIT_ENTITIES.slide,
    entityId: id,
    details: { fields },
  });
  return slide;
}

export async function changeSlideImage(ctx: AppContext, actor: Actor, id: string, upload: SlideUpload): Promise<Slide> {
  // Checked before the conversion so an unknown id costs nothing; checked again when swapping.
  if (!(await findSlideRow(ctx.db, id))) throw notFound();
  if (!upload.image) throw badRequest(SLIDE_TEXTS.imageRequired, [{ path: 'image', message: SLIDE_TEXTS.imageRequired }]);
  const image = await storeImage(ctx, id, upload.image);
  let result;
  try {
    result = await replaceSlideImage(ctx.db, id, image);
  } catch (err) {
    await removeStoredFiles(ctx.storage, keysOf(image), ctx.log);
    throw err;
  }
  if (!result) {
    await removeStoredFiles(ctx.storage, keysOf(image), ctx.log);
    throw notFound();
  }
  await removeStoredFiles(ctx.storage, result.oldKeys, ctx.log);
  await recordAudit(ctx.db, { actorUserId: actor._id, action: AUDIT_ACTIONS.slide.image, entity: AUDIT_ENTITIES.slide, entityId: id });
  return result.slide;
}

export async function removeSlide(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const keys = await deleteSlideRow(ctx.db, id);
  if (!keys) throw notFound();
  await removeStoredFiles(ctx.storage, keys, ctx.log);
  await recordAudit(ctx.db, { actorUserId: actor._id, action: AUDIT_ACTIONS.slide.delete, entity: AUDIT_ENTITIES.slide, entityId: id });
}

export async function reorderSlides(ctx: AppContext, actor: Actor, ids: string[]): Promise<Slide[]> {
  const slides = await reorderSlideRows(ctx.db, ids);
  if (!slides) throw conflict(SLIDE_TEXTS.reorderMismatch);
  await recordAudit(ctx.db, {
    actorUserId: actor._id,
    action: AUDIT_ACTIONS.slide.reorder,
    entity: AUDIT_ENTITIES.slide,
    entityId: null,
    details: { ids },
  });
  return slides;
}
