import { z } from 'zod';
import { SLIDE_STATUSES } from './constants.js';

export const SlideStatusSchema = z.enum(SLIDE_STATUSES);

export const SlideSchema = z.object({
  _id: z.string(),
  thumbnail: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  /** Responsive variants: `srcset`-ready URLs under /media. */
  imageSet: z.array(z.object({ url: z.string(), width: z.number(), type: z.string() })),
  status: SlideStatusSchema,
  published: z.boolean(),
  shownOnNavbar: z.boolean(),
  link: z.string(),
  altText: z.string(),
  position: z.number(),
});
export type Slide = z.infer<typeof SlideSchema>;
