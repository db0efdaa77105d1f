import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SLIDER, VALIDATION } from '@visa/shared/messages';
import { SLIDE_MESSAGES, type Slide, SlideInputSchema, type SlideUpdate } from '@visa/shared/slides';
import type { Db } from '../../db/connection.js';
import { HttpError, badRequest, conflict } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { ImageDecodeError } from '../../lib/images.js';
import type { Storage } from '../../plugins/storage/storage.js';
import { recordAudit } from '../audit/repository.js';
import { SlideImageTooManyPixelsError, SlideImageTypeError, makeSlideVariants } from './images.js';
import {
  type StoredVariant,
  deleteSlideRow,
  findSlideRow,
  insertSlide,
  reorderSlideRows,
  replaceSlideImage,
  updateSlideRow,
} from './repository.js';
import type { SlideUpload } from './upload.js';

export interface SlidesContext {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  actorId: string;
}

const ENTITY = 'slide';
const notFound = () => new HttpError(404, SLIDER.notFound);

/** Turns an uploaded picture into stored public files; nothing is left behind when a step fails. */
async function storeImage(ctx: SlidesContext, slideId: string, upload: Buffer): Promise<{ imageKey: string; variants: StoredVariant[] }> {
  let variants;
  try {
    variants = await makeSlideVariants(upload);
  } catch (err) {
    if (err instanceof SlideImageTypeError) throw new HttpError(415, VALIDATION.imageTypeEdit);
    if (err instanceof SlideImageTooManyPixelsError) throw new HttpError(413, SLIDE_MESSAGES.imageTooManyPixels);
    if (err instanceof ImageDecodeError) throw badRequest(SLIDE_MESSAGES.imageUnreadable);
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
    await removeFiles(
      ctx,
      stored.map((s) => s.key),
    );
    throw failure.reason;
  }
  const fallback = stored.filter((s) => s.type === 'image/jpeg').at(-1) ?? stored.at(-1)!;
  return { imageKey: fallback.key, variants: stored };
}

/** Best effort: the database is the truth; an orphaned public file is logged, not fatal. */
async function removeFiles(ctx: SlidesContext, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  results.forEach((r, i) => {
    if (r.status === 'rejected') ctx.log.warn({ key: keys[i], err: r.reason as Error }, 'could not remove a slide image file');
  });
}

function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }) {
  const errors = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return badRequest(errors[0]!.message, errors);
}

export async function createSlide(ctx: SlidesContext, upload: SlideUpload): Promise<Slide> {
  // Text first: a typo in the title should not cost an image conversion.
  const parsed = SlideInputSchema.safeParse(upload.fields);
  if (!parsed.success) throw firstIssue(parsed.error);
  if (!upload.image) throw badRequest(SLIDE_MESSAGES.imageRequired, [{ path: 'image', message: SLIDE_MESSAGES.imageRequired }]);

  const id = newId();
  const image = await storeImage(ctx, id, upload.image);
  let slide: Slide;
  try {
    slide = await insertSlide(ctx.db, { id, ...parsed.data, ...image });
  } catch (err) {
    await removeFiles(
      ctx,
      image.variants.map((v) => v.key),
    );
    throw err;
  }
  await recordAudit(ctx.db, {
    actorUserId: ctx.actorId,
    action: 'slide.create',
    entity: ENTITY,
    entityId: id,
    details: { status: slide.status },
  });
  return slide;
}

export async function updateSlide(ctx: SlidesContext, id: string, changes: SlideUpdate): Promise<Slide> {
  const slide = await updateSlideRow(ctx.db, id, changes);
  if (!slide) throw notFound();
  const fields = Object.entries(changes)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  await recordAudit(ctx.db, { actorUserId: ctx.actorId, action: 'slide.update', entity: ENTITY, entityId: id, details: { fields } });
  return slide;
}

export async function changeSlideImage(ctx: SlidesContext, id: string, upload: SlideUpload): Promise<Slide> {
  // Checked before the conversion so an unknown id costs nothing; checked again when swapping.
  if (!(await findSlideRow(ctx.db, id))) throw notFound();
  if (!upload.image) throw badRequest(SLIDE_MESSAGES.imageRequired, [{ path: 'image', message: SLIDE_MESSAGES.imageRequired }]);
  const image = await storeImage(ctx, id, upload.image);
  let result;
  try {
    result = await replaceSlideImage(ctx.db, id, image);
  } catch (err) {
    await removeFiles(
      ctx,
      image.variants.map((v) => v.key),
    );
    throw err;
  }
  if (!result) {
    await removeFiles(
      ctx,
      image.variants.map((v) => v.key),
    );
    throw notFound();
  }
  await removeFiles(ctx, result.oldKeys);
  await recordAudit(ctx.db, { actorUserId: ctx.actorId, action: 'slide.image', entity: ENTITY, entityId: id });
  return result.slide;
}

export async function removeSlide(ctx: SlidesContext, id: string): Promise<void> {
  const keys = await deleteSlideRow(ctx.db, id);
  if (!keys) throw notFound();
  await removeFiles(ctx, keys);
  await recordAudit(ctx.db, { actorUserId: ctx.actorId, action: 'slide.delete', entity: ENTITY, entityId: id });
}

export async function reorderSlides(ctx: SlidesContext, ids: string[]): Promise<Slide[]> {
  const slides = await reorderSlideRows(ctx.db, ids);
  if (!slides) throw conflict(SLIDE_MESSAGES.reorderMismatch);
  await recordAudit(ctx.db, { actorUserId: ctx.actorId, action: 'slide.reorder', entity: ENTITY, entityId: null, details: { ids } });
  return slides;
}
