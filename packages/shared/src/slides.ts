import { z } from 'zod';
import { IMAGE_MAX_PIXELS, SLIDE_STATUSES, type SlideStatus } from './constants.js';
import { IdSchema } from './id-schema.js';

/** Lengths of the slide fields; the form, the server and the database agree on them. */
export const SLIDE_LIMITS = {
  thumbnailMax: 100,
  titleMax: 500,
  altTextMax: 250,
  linkMax: 2048,
  /** A reorder call names every slide; far more than an office will ever show. */
  reorderMax: 500,
} as const;

/** Widths of the responsive variants made from an uploaded slide image (pixels). */
export const SLIDE_IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;

/**
 * The earlier add form started with this status while offering only Published and Unpublished;
 * it means Published (docs/product.md#api-slides). The server accepts it too, for callers that
 * still send it.
 */
export const SLIDE_FORM_DEFAULT_STATUS = 'active';

/** Slide texts the earlier app had no words for (the required slider texts live in ui-texts.ts SLIDE). */
export const SLIDE_TEXTS = {
  thumbnailRequired: 'Please enter a slide title.',
  thumbnailTooLong: `The slide title can be at most ${SLIDE_LIMITS.thumbnailMax} characters long.`,
  titleRequired: 'Please enter the slide text.',
  titleTooLong: `The slide text can be at most ${SLIDE_LIMITS.titleMax} characters long.`,
  altTextRequired: 'Please describe the image for visitors who cannot see it (alt text).',
  altTextTooLong: `The alt text can be at most ${SLIDE_LIMITS.altTextMax} characters long.`,
  statusInvalid: 'Please choose Published or Unpublished.',
  statusConflict: 'Status and published disagree. Please send only one of them.',
  linkInvalid: 'The link must be a web address starting with http:// or https://, or a page of this site starting with /.',
  imageRequired: 'Please choose an image.',
  oneImageOnly: 'Please send one image only.',
  imageUnreadable: 'The image could not be read. Please choose another JPEG or PNG file.',
  imageTooManyPixels: `The image has too many pixels (more than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels). Please choose a smaller picture.`,
  notMultipart: 'Please send the slide as a multipart form.',
  malformedForm: 'The form data could not be read.',
  nothingToUpdate: 'Please change at least one field.',
  reorderDuplicate: 'Each slide can appear only once in the new order.',
  reorderMismatch: 'The slide list has changed since it was loaded. Please reload the page and try again.',
  added: (title: string) => `Slide “${title}” added.`,
  saved: (title: string) => `Slide “${title}” saved.`,
  deleted: (title: string) => `Slide “${title}” deleted.`,
  nowInStatus: (title: string, status: string) => `“${title}” is now ${status.toLowerCase()}.`,
} as const;

const ACTIVE_OR_STATUS = [...SLIDE_STATUSES, SLIDE_FORM_DEFAULT_STATUS] as const;

/** 'active' (the add form's internal default) is Published. */
export const normalizeSlideStatus = (value: SlideStatus | typeof SLIDE_FORM_DEFAULT_STATUS): SlideStatus =>
  value === SLIDE_FORM_DEFAULT_STATUS ? 'Published' : value;

export const SlideStatusSchema = z.enum(SLIDE_STATUSES, SLIDE_TEXTS.statusInvalid);

const statusInput = z.enum(ACTIVE_OR_STATUS, SLIDE_TEXTS.statusInvalid).transform(normalizeSlideStatus);

// Absolute http(s) addresses, or a path on this site. Anything else (javascript:, data:, //host)
// is refused: the link ends up in an href on the public home page.
const ABSOLUTE_LINK = /^https?:\/\/[^\s/?#@]+(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;
const SITE_LINK = /^\/(?![/\\])[^\s]*$/;
export const isSafeSlideLink = (value: string) => value === '' || ABSOLUTE_LINK.test(value) || SITE_LINK.test(value);

const text = (required: string, tooLong: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

const fields = {
  thumbnail: text(SLIDE_TEXTS.thumbnailRequired, SLIDE_TEXTS.thumbnailTooLong, SLIDE_LIMITS.thumbnailMax),
  title: text(SLIDE_TEXTS.titleRequired, SLIDE_TEXTS.titleTooLong, SLIDE_LIMITS.titleMax),
  status: statusInput,
  link: z
    .string({ error: SLIDE_TEXTS.linkInvalid })
    .trim()
    .max(SLIDE_LIMITS.linkMax, SLIDE_TEXTS.linkInvalid)
    .refine(isSafeSlideLink, SLIDE_TEXTS.linkInvalid),
  altText: text(SLIDE_TEXTS.altTextRequired, SLIDE_TEXTS.altTextTooLong, SLIDE_LIMITS.altTextMax),
};

const slideInputFields = {
  thumbnail: fields.thumbnail,
  title: fields.title,
  status: statusInput.prefault(SLIDE_FORM_DEFAULT_STATUS),
  link: fields.link.default(''),
};

/**
 * The add form: keys in the form's order, so the first issue is the first field on screen that is
 * wrong. The form asks for alt text, so every slide added from the back office describes its picture.
 */
export const SlideFormSchema = z.object({ ...slideInputFields, altText: fields.altText });

/**
 * The text fields of addSlider (the image travels beside them in the multipart body). The contract's
 * fields are {thumbnail, title, status, image}: alt text is an optional extra there and defaults to
 * the slide's title (ADR 0013).
 */
export const SlideInputSchema = z
  .object({
    ...slideInputFields,
    altText: z.string().trim().max(SLIDE_LIMITS.altTextMax, SLIDE_TEXTS.altTextTooLong).optional(),
  })
  .transform((input) => ({ ...input, altText: input.altText || input.thumbnail }));
export type SlideInput = z.infer<typeof SlideInputSchema>;
/** What the add and edit forms hold before parsing. */
export type SlideFormValues = z.input<typeof SlideFormSchema>;

/**
 * updateSlider: the item's fields minus _id (docs/product.md#api-slides). Clients send the whole item back, so
 * unknown keys (image, position, …) are dropped rather than refused. Either `status` or the
 * older `published` flag sets the status.
 */
export const SlideUpdateSchema = z
  .object({
    thumbnail: fields.thumbnail.optional(),
    title: fields.title.optional(),
    status: statusInput.optional(),
    published: z.boolean({ error: SLIDE_TEXTS.statusInvalid }).optional(),
    shownOnNavbar: z.boolean().optional(),
    link: fields.link.optional(),
    altText: fields.altText.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status !== undefined && value.published !== undefined && (value.status === 'Published') !== value.published) {
      ctx.addIssue({ code: 'custom', message: SLIDE_TEXTS.statusConflict, path: ['published'] });
    }
  })
  .transform(({ published, ...rest }) => ({
    ...rest,
    status: rest.status ?? (published === undefined ? undefined : published ? ('Published' as const) : ('Unpublished' as const)),
  }))
  .refine((value) => Object.values(value).some((v) => v !== undefined), SLIDE_TEXTS.nothingToUpdate);
export type SlideUpdate = z.infer<typeof SlideUpdateSchema>;

export const SlideReorderSchema = z.object({
  ids: z
    .array(IdSchema, { error: SLIDE_TEXTS.reorderMismatch })
    .min(1, SLIDE_TEXTS.reorderMismatch)
    .max(SLIDE_LIMITS.reorderMax, SLIDE_TEXTS.reorderMismatch)
    .refine((ids) => new Set(ids).size === ids.length, SLIDE_TEXTS.reorderDuplicate),
});
export type SlideReorder = z.infer<typeof SlideReorderSchema>;

export const SlideImageSourceSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  type: z.enum(['image/avif', 'image/webp', 'image/jpeg']),
});
export type SlideImageSource = z.infer<typeof SlideImageSourceSchema>;

export const SlideSchema = z.object({
  _id: z.string(),
  /** The slide's title (the API calls it thumbnail; docs/product.md#data). */
  thumbnail: z.string(),
  /** The slide's text. */
  title: z.string(),
  /** JPEG fallback under /media, for browsers without AVIF or WebP. */
  image: z.string().nullable(),
  /** Responsive variants under /media, ready for `<source srcset>`. */
  imageSet: z.array(SlideImageSourceSchema),
  status: SlideStatusSchema,
  published: z.boolean(),
  shownOnNavbar: z.boolean(),
  link: z.string(),
  altText: z.string(),
  position: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Slide = z.infer<typeof SlideSchema>;

export const SlideListSchema = z.array(SlideSchema);

export const SlideDeletedSchema = z.object({ _id: z.string() });
